import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../tests/setup/test-app';

const t = appPerFile({
  extend: (app) => {
    app.get('/api/test/throws', () => {
      throw new Error('kaboom: secret internals');
    });
  },
});

describe('HTTP basics', () => {
  it('answers /healthz and /readyz', async () => {
    const agent = t.agent();
    expect((await agent.get('/healthz')).status).toBe(200);
    const ready = await agent.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ database: 'ok' });
  });

  it('returns a request id header and security headers with a same-origin CSP', async () => {
    const res = await t.agent().get('/healthz');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('turns an unexpected error into a 500 envelope; the stack is only in the log', async () => {
    const res = await t.agent().get('/api/test/throws');
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(res.body).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.', requestId },
    });
    expect(JSON.stringify(res.body)).not.toContain('kaboom');
    const logged = t.logs().find((l) => l.msg === 'unhandled error');
    expect(logged?.requestId).toBe(requestId);
    expect(JSON.stringify(logged?.err)).toContain('kaboom: secret internals');
    expect((logged?.err as { stack?: string }).stack).toMatch(/at .*app\.test\.ts/);
  });

  it('gzips what a page reads for a client that accepts it, and only then', async () => {
    const path = `${t.services.env.baseUrl}/api/competitions/premier_league/fixtures`;
    const zipped = await t.app.request(path, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const body = Buffer.from(await zipped.arrayBuffer());
    const text = gunzipSync(body).toString();
    expect(JSON.parse(text).fixtures.length).toBeGreaterThan(300);
    expect(body.length).toBeLessThan(text.length / 4);
    const plain = await t.app.request(path);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBe(text.length);
    // A write's answer (a save at the rush) is a few bytes: never compressed.
    const write = await t.app.request(`${t.services.env.baseUrl}/api/leagues`, {
      method: 'POST',
      headers: { 'Accept-Encoding': 'gzip', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(write.headers.get('content-encoding')).toBeNull();
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.agent().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('validates request bodies with the 400 envelope and needs a session where it should', async () => {
    const agent = t.agent();
    const anonymous = await agent.put('/api/account/locale', { locale: 'de' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    await agent.signUp('locale@example.com');
    const bad = await agent.put('/api/account/locale', { locale: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    const broken = await agent.request('PUT', '/api/account/locale', '{not json', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    const ok = await agent.put('/api/account/locale', { locale: 'de' });
    expect(ok.status).toBe(200);
    expect((await agent.get('/api/account/me')).body.user.locale).toBe('de');
  });

  it('publishes an OpenAPI document of the API', async () => {
    const res = await t.agent().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/account/me', '/api/account/locale', '/api/competitions']),
    );
    // Every error, /api/auth/* included, is the envelope: said once for the whole document.
    expect(res.body.info.description).toMatch(/\/api\/auth\/\*/);
    expect(res.body.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['error'],
    });
  });
});
