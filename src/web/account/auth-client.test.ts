import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { unwrapEnvelope, type AuthClientError } from './auth-client';
import { loginErrorMessage, signupErrorMessage } from './auth-messages';

// Issue 26, item 8: the server answers better-auth's errors in the app's envelope; the client
// hands better-auth's client the `{ code, message }` it reads, once, for every call.

const envelope = (status: number, code: string, message: string, headers: HeadersInit = {}) =>
  new Response(JSON.stringify({ error: { code, message, requestId: 'req-1' } }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('unwrapEnvelope', () => {
  it('gives better-auth’s client the code and message of the envelope, status and headers kept', async () => {
    const res = await unwrapEnvelope(
      envelope(429, 'TOO_MANY_SIGN_INS', 'Too many failed sign-ins.', { 'retry-after': '60' }),
    );
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toEqual({
      code: 'TOO_MANY_SIGN_INS',
      message: 'Too many failed sign-ins.',
      requestId: 'req-1',
    });
  });

  it('leaves successes, redirects and bodies that are not the envelope alone', async () => {
    const ok = new Response(
      JSON.stringify({ url: 'https://accounts.example/auth', redirect: true }),
    );
    expect(await unwrapEnvelope(ok)).toBe(ok);
    const redirect = new Response(null, { status: 302, headers: { location: '/' } });
    expect(await unwrapEnvelope(redirect)).toBe(redirect);
    const text = new Response('Bad gateway', { status: 502 });
    expect(await unwrapEnvelope(text)).toBe(text);
    const plain = new Response(JSON.stringify({ code: 'X', message: 'y' }), { status: 400 });
    expect(await unwrapEnvelope(plain)).toBe(plain);
  });
});

describe('messages of unwrapped errors', () => {
  const t = i18n.getFixedT('en');
  const unwrapped = async (res: Response): Promise<AuthClientError> => {
    const out = await unwrapEnvelope(res);
    return { ...((await out.json()) as { code: string; message: string }), status: out.status };
  };

  it('name a wrong password, a locked account and a taken e-mail', async () => {
    expect(
      loginErrorMessage(t, await unwrapped(envelope(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid'))),
    ).toBe(t('auth.errors.invalidCredentials'));
    expect(loginErrorMessage(t, await unwrapped(envelope(429, 'TOO_MANY_SIGN_INS', 'x')))).toBe(
      t('auth.errors.loginFailed', { message: t('errors.TOO_MANY_SIGN_INS') }),
    );
    expect(loginErrorMessage(t, await unwrapped(envelope(429, 'RATE_LIMITED', 'x')))).toBe(
      t('auth.errors.loginFailed', { message: t('errors.RATE_LIMITED') }),
    );
    expect(
      signupErrorMessage(
        t,
        await unwrapped(envelope(409, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'Taken')),
      ),
    ).toBe(t('auth.errors.alreadyRegistered'));
  });
});
