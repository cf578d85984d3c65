import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sharedPath } from './shared';

/** One match of an openfootball season file, as the tests edit it. */
export interface OpenFootballMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  score?: unknown;
  status?: string;
  goals1?: { minute: number }[];
  goals2?: { minute: number }[];
}

/**
 * A stand-in for openfootball's raw files on 127.0.0.1: serves in-memory copies of the real
 * files in ../shared/data/football.json (path → content). Edits last, like a file that evolves
 * through a season; replacing or dropping a file, holding answers back (to keep a run in
 * progress) and refusing connections (no answer) last until `reset()`.
 */
export const startOpenFootballServer = async (seasons: Record<string, string[]>) => {
  const originals = new Map<string, string>();
  for (const [season, codes] of Object.entries(seasons))
    for (const code of codes)
      originals.set(
        `/${season}/${code}.json`,
        readFileSync(sharedPath(`data/football.json/${season}/${code}.json`), 'utf8'),
      );
  const files = new Map(originals);
  const overrides = new Map<string, string | null>();
  let held: Promise<void> | null = null;
  let release = () => undefined as void;
  let refusing = false;
  const requests: string[] = [];

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    if (refusing) {
      req.socket.destroy();
      return;
    }
    const answer = () => {
      const content = overrides.has(path) ? overrides.get(path) : files.get(path);
      if (content === undefined || content === null) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('404: Not Found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(content);
    };
    if (held) void held.then(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Undoes `set`, `drop`, `hold` and `refuse` (edits stay). */
    reset: () => {
      overrides.clear();
      refusing = false;
      release();
      held = null;
      requests.length = 0;
    },
    original: (path: string) => originals.get(path) ?? '',
    set: (path: string, content: string) => overrides.set(path, content),
    drop: (path: string) => overrides.set(path, null),
    /** Edits the matches of a served file in place. */
    edit: (path: string, change: (matches: OpenFootballMatch[]) => void) => {
      const file = JSON.parse(files.get(path) ?? '{"matches": []}') as {
        matches: OpenFootballMatch[];
      };
      change(file.matches);
      files.set(path, JSON.stringify(file));
    },
    /** Answers wait until `release()`; resolves when the first request has arrived. */
    hold: () => {
      const start = requests.length;
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return {
        arrived: async () => {
          while (requests.length === start) await new Promise((r) => setTimeout(r, 10));
        },
        release: () => release(),
      };
    },
    refuse: (on: boolean) => {
      refusing = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type OpenFootballServer = Awaited<ReturnType<typeof startOpenFootballServer>>;

/** A URL on which nothing listens (a port opened and closed again). */
export const closedUrl = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};
