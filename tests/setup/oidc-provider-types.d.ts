// oidc-provider ships no type definitions (and @types/oidc-provider is not installed): these are
// the few parts tests/setup/oidc-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    uid?: string;
    userCode?: string;
    grantId?: string;
    consumed?: number;
    [key: string]: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims: (
      use: string,
      scope: string,
    ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    adapter?: new (model: string) => Adapter;
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    cookies?: { keys?: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url: (ctx: unknown, interaction: { uid: string }) => string };
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    ttl?: Record<string, number>;
    clientBasedCORS?: (ctx: unknown, origin: string, client: unknown) => boolean;
    renderError?: (ctx: { type: string; body: unknown }, out: Record<string, string>) => void;
  }

  export interface Interaction {
    uid: string;
    prompt: {
      name: string;
      details: {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
    };
    params: Record<string, string | undefined>;
    session?: { accountId: string };
    grantId?: string;
  }

  export type InteractionResult =
    | { login: { accountId: string } }
    | { consent: { grantId: string } }
    | { error: string; error_description?: string };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
