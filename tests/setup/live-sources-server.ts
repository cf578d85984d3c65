import { seasonAnswer, type League, type SeasonMatch } from './espn-season';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zonedDateTime } from '../../src/domain/kickoff';
import { sharedPath } from './shared';

/** ESPN's league ids (an event's `uid` holds `l:<id>`) of the recorded answers, by code. */
const espnLeagueIds: Record<string, string> = {
  '700': 'eng.1',
  '3914': 'eng.2',
  '740': 'esp.1',
  '720': 'ger.1',
  '730': 'ita.1',
  '710': 'fra.1',
  '770': 'usa.1',
  '760': 'mex.1',
  '8097': 'eng.w.1',
  '8301': 'usa.nwsl',
  '606': 'fifa.world',
};

interface EspnEvent {
  uid: string;
  date: string;
}

/** The events of a recorded ESPN answer (../shared/data/live/espn/<file>). */
export const recordedEspnEvents = (file: string): EspnEvent[] =>
  (
    JSON.parse(readFileSync(sharedPath(`data/live/espn/${file}`), 'utf8')) as {
      events: EspnEvent[];
    }
  ).events;

/** A recorded OpenLigaDB answer (../shared/data/live/openligadb/<file>). */
export const recordedOpenLigaDb = (file: string): unknown[] =>
  JSON.parse(readFileSync(sharedPath(`data/live/openligadb/${file}`), 'utf8')) as unknown[];

const leagueOf = (event: EspnEvent) => espnLeagueIds[/~l:(\d+)~/.exec(event.uid)?.[1] ?? ''];

/**
 * A stand-in for ESPN's site API and OpenLigaDB on 127.0.0.1 (no test reaches the real hosts):
 * ESPN's scoreboard answers with the events it was given for that league on the US Eastern day
 * or month asked; OpenLigaDB's `getmatchdata` with the answer set for that path. A test moves
 * a match along by replacing events (`setEspn`) or answers (`setOpenLigaDb`); `status(path, n)`
 * answers an error, `refuse()` drops every connection. Every request is recorded.
 */
export const startLiveSourcesServer = async () => {
  let espn: EspnEvent[] = [];
  /** Whole seasons ESPN lists month by month (issue 50), by league code. */
  const seasons = new Map<string, League>();
  const openLigaDb = new Map<string, unknown>();
  const statuses = new Map<string, number>();
  let refusing = false;
  const requests: string[] = [];

  const espnAnswer = (league: string, dates: string) =>
    espn.filter((e) => {
      if (leagueOf(e) !== league) return false;
      const day = zonedDateTime(new Date(e.date), 'America/New_York').date.replaceAll('-', '');
      return day.startsWith(dates);
    });

  /**
   * Browser tests run apart from the process that started the stand-in: they move a match along
   * through `POST /__control/espn` ({ events }: replaces those with the same id, adds the others;
   * { remove: [ids] }), `POST /__control/espn-season` ({ code, matches }: a listed season's
   * matches replaced by id — a knockout slot filled) and `POST /__control/openligadb` ({ path,
   * body }).
   */
  const control = (path: string, body: string) => {
    const input = JSON.parse(body) as {
      events?: EspnEvent[];
      remove?: string[];
      path?: string;
      body?: unknown;
      code?: string;
      matches?: SeasonMatch[];
    };
    if (path === '/__control/espn') {
      const id = (e: EspnEvent) => (e as EspnEvent & { id?: string }).id;
      const replaced = new Set([...(input.events ?? []).map(id), ...(input.remove ?? [])]);
      espn = [...espn.filter((e) => !replaced.has(id(e))), ...(input.events ?? [])];
      return true;
    }
    if (path === '/__control/espn-season' && input.code && input.matches) {
      const league = seasons.get(input.code);
      if (!league) return false;
      const ids = new Set(input.matches.map((m) => m.id));
      league.matches = [...league.matches.filter((m) => !ids.has(m.id)), ...input.matches];
      return true;
    }
    if (path === '/__control/openligadb' && input.path) {
      openLigaDb.set(input.path, input.body);
      return true;
    }
    return false;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname.startsWith('/__control/')) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const done = control(url.pathname, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(done ? 204 : 404).end();
      });
      return;
    }
    requests.push(`${url.pathname}${url.search}`);
    if (refusing) {
      req.socket.destroy();
      return;
    }
    const forced = statuses.get(url.pathname);
    if (forced) {
      res.writeHead(forced, { 'content-type': 'text/plain' }).end(`HTTP ${forced}`);
      return;
    }
    const scoreboard = /^\/apis\/site\/v2\/sports\/soccer\/([^/]+)\/scoreboard$/.exec(url.pathname);
    if (scoreboard?.[1]) {
      const dates = url.searchParams.get('dates') ?? '';
      if (!/^\d{6}(\d{2})?$/.test(dates)) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":400}');
        return;
      }
      const code = decodeURIComponent(scoreboard[1]);
      // A month of a league whose whole season is set: ESPN's season list (issue 50).
      if (seasons.has(code) && /^\d{6}$/.test(dates)) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(seasonAnswer(seasons, new Set(), code, dates)));
        return;
      }
      const events = espnAnswer(code, dates);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ leagues: [], events }));
      return;
    }
    if (url.pathname.startsWith('/getmatchdata/') && openLigaDb.has(url.pathname)) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(openLigaDb.get(url.pathname)));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('404: Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** ESPN answers with these events (each filed under its league and US Eastern date). */
    setEspn: (events: EspnEvent[]) => {
      espn = events;
    },
    /** ESPN lists this league's season month by month (`dates=YYYYMM`). */
    setEspnSeason: (code: string, league: League) => seasons.set(code, league),
    /** OpenLigaDB answers `path` (`/getmatchdata/bl1/2023`) with this body. */
    setOpenLigaDb: (path: string, body: unknown) => openLigaDb.set(path, body),
    status: (path: string, status: number | null) =>
      status === null ? statuses.delete(path) : statuses.set(path, status),
    refuse: (on = true) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
