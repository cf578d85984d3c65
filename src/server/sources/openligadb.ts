import { openLigaDbSeason, readOpenLigaDbMatch } from '../../domain/live/openligadb';
import type { FixtureSource } from './source';

/**
 * OpenLigaDB (keyless, typed in by volunteers; issue 28): `getmatchdata/{league}` (the current
 * matchday) while matches are on, `getmatchdata/{league}/{season}` (the season, named by its
 * start year) for days and seasons. Its quirks stay in `domain/live/openligadb.ts`.
 */

const matchData = (base: string, league: string, season?: number) =>
  `${base}/getmatchdata/${encodeURIComponent(league)}${season === undefined ? '' : `/${season}`}`;

const seasonsOf = (c: { base: string; code: string }, labels: readonly string[]) =>
  [...new Set(labels.map(openLigaDbSeason))]
    .filter((s): s is number => s !== null)
    .map((s) => matchData(c.base, c.code, s));

export const openLigaDbSource: FixtureSource = {
  id: 'openligadb',
  name: 'OpenLigaDB',
  rank: 20,
  live: true,
  confirmsAlone: false,
  schedules: false,
  baseUrl: (env) => env.OPENLIGADB_URL,
  reading: {},
  requests: {
    live: (c) => [matchData(c.base, c.code)],
    days: (c, fixtures) =>
      seasonsOf(
        c,
        fixtures.map((f) => f.season),
      ),
    season: (c, season) => seasonsOf(c, [season]),
  },
  listOf: (answer) => (Array.isArray(answer) ? answer : null),
  readItem: (item, _index, { now }) =>
    readOpenLigaDbMatch(item, now) ?? {
      refused: 'unreadable',
      detail: 'a match that does not read as OpenLigaDB’s',
    },
};
