import { t } from './authorization-world';

/** `/api/leagues/:leagueId` → `/api/leagues/{leagueId}` */
const templated = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every route the server answers, generated from the app and better-auth. */
export const generatedRoutes = async () => {
  const handlers = t.app.routes.filter((r) => r.method !== 'ALL' && !r.path.endsWith('*'));
  const fromApp = new Set(handlers.map((r) => `${r.method} ${templated(r.path)}`));
  const doc = (await t.agent().get('/api/openapi.json')).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  const fromDoc = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  // The methods the app hands to better-auth (app.ts: app.on([...], '/api/auth/*')).
  const authMethods = new Set(
    t.app.routes.filter((r) => r.path === '/api/auth/*' && r.method !== 'ALL').map((r) => r.method),
  );
  const basePath = t.services.auth.options.basePath ?? '/api/auth';
  const fromAuth = Object.values(t.services.auth.api as unknown as Record<string, unknown>)
    .map(
      (endpoint) =>
        endpoint as {
          path?: unknown;
          options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
        },
    )
    .filter((e) => typeof e.path === 'string' && !e.options?.metadata?.SERVER_ONLY)
    .flatMap((e) =>
      [e.options?.method ?? []]
        .flat()
        .flatMap((m) => (m === '*' ? [...authMethods] : [m]))
        .filter((m) => authMethods.has(m))
        .map((m) => `${m} ${templated(`${basePath}${String(e.path)}`)}`),
    );
  return { fromApp, fromDoc, fromAuth };
};
