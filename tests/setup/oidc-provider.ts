import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Adapter, AdapterPayload, Interaction } from 'oidc-provider';
import type ProviderClass from 'oidc-provider';

/** The one person who can sign in at the test provider. */
export const keeper = {
  sub: 'keeper-0001',
  email: 'keeper@example.com',
  email_verified: true,
  name: 'Goal Keeper',
};

// oidc-provider 9 warns on import that it wants Node 22; it runs on our Node 20 (STACK-NOTES),
// which this test proves, so that one notice is dropped.
const loadProvider = async (): Promise<typeof ProviderClass> => {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
};

/** Our own in-memory storage, so the provider does not warn about its development adapter. */
const memoryAdapter = () => {
  const store = new Map<string, AdapterPayload>();
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    private findBy = (field: 'uid' | 'userCode', value: string) =>
      [...store].find(([key, p]) => key.startsWith(`${this.model}:`) && p[field] === value)?.[1];
    upsert = async (id: string, payload: AdapterPayload) => void store.set(this.key(id), payload);
    find = async (id: string) => store.get(this.key(id));
    findByUid = async (uid: string) => this.findBy('uid', uid);
    findByUserCode = async (userCode: string) => this.findBy('userCode', userCode);
    destroy = async (id: string) => void store.delete(this.key(id));
    consume = async (id: string) => {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    };
    revokeByGrantId = async (grantId: string) => {
      for (const [key, payload] of store) if (payload.grantId === grantId) store.delete(key);
    };
  };
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * Our interaction pages, reduced to what a test drives over HTTP: GET tells which prompt is
 * pending (login or consent); POST `decision=approve` answers it as `keeper`, anything else
 * aborts with `access_denied`, as a user pressing Cancel at Google does.
 */
const interact = async (provider: ProviderClass, req: IncomingMessage, res: ServerResponse) => {
  const details: Interaction = await provider.interactionDetails(req, res);
  const { prompt, params, session, grantId } = details;
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ uid: details.uid, prompt: prompt.name, scope: params.scope }));
    return;
  }
  const decision = new URLSearchParams(await readBody(req)).get('decision');
  if (decision !== 'approve') {
    const denied = { error: 'access_denied', error_description: 'End-User aborted interaction' };
    await provider.interactionFinished(req, res, denied, { mergeWithLastSubmission: false });
    return;
  }
  if (prompt.name === 'login') {
    const login = { login: { accountId: keeper.sub } };
    await provider.interactionFinished(req, res, login, { mergeWithLastSubmission: false });
    return;
  }
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ??
    new provider.Grant({ accountId: session?.accountId ?? '', clientId: params.client_id ?? '' });
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const consent = { consent: { grantId: await grant.save() } };
  await provider.interactionFinished(req, res, consent, { mergeWithLastSubmission: true });
};

/** One browser at the provider: its own cookie jar, redirects followed by hand. */
export class ProviderBrowser {
  private cookies = new Map<string, string>();
  /** The prompts this browser was shown, in order. */
  readonly prompts: string[] = [];
  constructor(private readonly issuer: string) {}

  private async send(url: URL, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers = { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) };
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  private static next = async (res: Response, from: URL): Promise<URL> => {
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location) {
      throw new Error(`provider answered ${res.status} at ${from.pathname}: ${await res.text()}`);
    }
    return new URL(location, from);
  };

  /**
   * Opens an authorization URL and follows the provider until it redirects elsewhere (to the
   * client's redirect URI), answering every prompt with `decision`. Returns that redirect.
   */
  async authorize(url: string, decision: 'approve' | 'deny'): Promise<URL> {
    let at = new URL(url);
    for (let hop = 0; hop < 12; hop += 1) {
      if (at.origin !== this.issuer) return at;
      const res = await this.send(at);
      if (res.status !== 200 || !at.pathname.startsWith('/interaction/')) {
        at = await ProviderBrowser.next(res, at);
        continue;
      }
      this.prompts.push(((await res.json()) as { prompt: string }).prompt);
      const answer = await this.send(at, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ decision }).toString(),
      });
      at = await ProviderBrowser.next(answer, at);
    }
    throw new Error('the provider redirected too many times');
  }
}

export interface OidcProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  browser: () => ProviderBrowser;
  close: () => Promise<void>;
}

/** A real OpenID provider (oidc-provider) on a random 127.0.0.1 port, with one client. */
export const startOidcProvider = async ({
  redirectUri,
}: {
  redirectUri: string;
}): Promise<OidcProvider> => {
  const Provider = await loadProvider();
  let handle: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const clientId = 'firstgoal-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256' };
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // better-auth sends the secret in the body when no method is configured.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) =>
      id === keeper.sub ? { accountId: id, claims: () => ({ ...keeper }) } : undefined,
    ttl: { AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  const callback = provider.callback();
  handle = (req, res) => {
    const onError = (error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    };
    if (req.url?.startsWith('/interaction/')) interact(provider, req, res).catch(onError);
    else callback(req, res).catch(onError);
  };

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    browser: () => new ProviderBrowser(issuer),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
