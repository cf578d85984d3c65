import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fixture source that answers whatever a test tells it to (issue 49), on 127.0.0.1: ESPN's
 * scoreboard paths answer `{ events }` with the events set (every day or month asked), and
 * OpenLigaDB's `getmatchdata` paths the matches set — unless a test hands a path prefix its
 * own handler (a redirect, a huge or endless answer, a decompression bomb). Every request is
 * recorded.
 */
export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export const startHostileSource = async () => {
  let events: unknown[] = [];
  let matches: unknown[] = [];
  const handlers = new Map<string, Handler>();
  const requests: string[] = [];
  const open = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    open.add(res);
    res.on('close', () => open.delete(res));
    for (const [prefix, handler] of handlers)
      if (url.pathname.startsWith(prefix)) return handler(req, res, url);
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (/^\/apis\/site\/v2\/sports\/soccer\/[^/]+\/scoreboard$/.test(url.pathname))
      return json({ leagues: [], events });
    if (url.pathname.startsWith('/getmatchdata/')) return json(matches);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('404: Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setEvents: (list: unknown[]) => {
      events = list;
    },
    setMatches: (list: unknown[]) => {
      matches = list;
    },
    /** Paths starting with `prefix` are answered by `handler` (null: the default again). */
    on: (prefix: string, handler: Handler | null) =>
      handler ? handlers.set(prefix, handler) : handlers.delete(prefix),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
};
