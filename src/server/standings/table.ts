import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { levelScores, rankFrom } from '../../domain/standings';
import * as repo from './repository';
import * as roundRepo from './round-repository';

/**
 * A league's standings, a page at a time (DESIGN §3 order). Whatever the league's size, a
 * response holds one page of the table (50 teams), the top 10 with the viewer's teams and their
 * neighbours, one round's table and winners, and the summary — well under 64 KB. This module
 * combines the standings repositories' reads; the service a route calls is
 * `leagues/standings-service.ts`.
 */
const pageSize = 50;
const topSize = 10;
/** The viewer's teams shown with neighbours in `top` (a player rarely holds more in one league). */
const viewerTeamsShown = 5;
const winnersShown = 10;

export interface StandingsQuery {
  page?: number | undefined;
  around?: 'me' | undefined;
  round?: string | undefined;
}

export interface RankedTotals extends repo.TotalsRow {
  rank: number;
  /** 0-based place in the table (ties ordered by name). */
  position: number;
}

const rankedSlice = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  offset: number,
  limit: number,
) => {
  // The row before the slice comes with it: when it scored more than the slice's first, that
  // row's rank is its place (nobody ranks above the table's first row); only a tie across the
  // slice's edge needs the teams above counted.
  const before = offset === 0 ? 0 : 1;
  const read = await repo.tableSlice(db, leagueId, season, offset - before, limit + before);
  const [previous] = read;
  const rows = read.slice(before);
  const first = rows[0];
  if (!first) return [];
  const better =
    offset === 0
      ? 0
      : previous && !levelScores(previous, first)
        ? offset
        : await repo.countBetter(db, leagueId, season, first);
  return rankFrom(rows, offset, 1 + better);
};

/**
 * Keeps a part of the league's table (memo.ts): `key` names it within the league, season and
 * standings version the caller read. Without a memo every part is computed.
 */
export type TablePart = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

const computed: TablePart = (_key, compute) => compute();

/**
 * The viewer's teams with their 0-based places in the table, best first. The teams' own totals
 * are read fresh (their counts move with every save); a place moves only with the version.
 */
const viewerPlaces = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  viewerId: string | null,
  part: TablePart,
) => {
  const mine = viewerId ? await repo.teamsOfUser(db, leagueId, season, viewerId) : [];
  const positions = await Promise.all(
    mine.map((team) =>
      part(`place:${team.teamId}:${team.points}:${team.exactMinutes}:${team.correctOutcomes}`, () =>
        repo.positionOf(db, leagueId, season, team),
      ),
    ),
  );
  return { mine, positions: positions.sort((a, b) => a - b) };
};

/** One round's table (the page's part of it) and its winners. */
const roundTable = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  round: string,
  offset: number,
) => {
  const [scored, { winners, count }] = await Promise.all([
    roundRepo.countScoredInRound(db, leagueId, season, round),
    roundRepo.roundWinners(db, leagueId, season, round, winnersShown),
  ]);
  const slice = await roundRepo.roundSlice(db, leagueId, season, round, scored, offset, pageSize);
  const first = slice[0];
  let firstRank = 1;
  if (first && offset > 0)
    firstRank =
      offset < scored
        ? 1 + (await roundRepo.countBetterInRound(db, leagueId, season, round, first))
        : scored + 1;
  return { round, rows: rankFrom(slice, offset, firstRank), winners, winnerCount: count };
};

/**
 * Independent reads run side by side (PostgreSQL answers them on several connections; SQLite
 * serves them one after another as before).
 */
export const readStandings = async (
  db: Kysely<DB>,
  league: { id: string; competitionId: string },
  season: string,
  query: StandingsQuery,
  viewerId: string | null,
  part: TablePart = computed,
  /** Gives the teams the table lacks (no totals row in the season yet) theirs: the worker's. */
  fill: () => Promise<unknown> = async () => {},
) => {
  let kept = part;
  const slice = (offset: number, limit: number) =>
    kept(`slice:${offset}:${limit}`, () => rankedSlice(db, league.id, season, offset, limit));
  const firstParts = () =>
    Promise.all([
      viewerPlaces(db, league.id, season, viewerId, kept),
      roundRepo.scoredRounds(db, league.competitionId, season),
      slice(0, topSize),
    ]);
  // The summary beside the first parts; when it found teams without totals (the worker then gave
  // them theirs), the parts read meanwhile may lack them: they are read again, unkept. (Kept
  // with the summary, so a read that shared its computing knows it too.)
  const [{ summary, filled }, first] = await Promise.all([
    part('summary', async () => {
      const totals = await repo.tableSummary(db, league.id, season);
      if (totals.complete) return { ...totals, filled: false };
      await fill();
      return { ...(await repo.tableSummary(db, league.id, season)), filled: true };
    }),
    firstParts(),
  ]);
  if (filled) kept = computed;
  const [{ mine, positions }, rounds, topTen] = filled ? await firstParts() : first;
  const pages = Math.max(1, Math.ceil(summary.totalTeams / pageSize));
  const chosen = query.round ?? rounds[0]?.round;
  if (query.round !== undefined && !rounds.some((r) => r.round === query.round))
    throw new AppError('UNKNOWN_ROUND');

  const asked =
    query.around === 'me' && positions[0] !== undefined
      ? Math.floor(positions[0] / pageSize) + 1
      : (query.page ?? 1);
  const page = Math.min(Math.max(1, asked), pages);
  const offset = (page - 1) * pageSize;

  // The top 10, and each of the viewer's teams with the team above and below it.
  const top = new Map<number, RankedTotals>(topTen.map((r) => [r.position, r]));
  const neighbours = positions.slice(0, viewerTeamsShown).flatMap((position) => {
    const start = Math.max(0, position - 1);
    const shown = [start, position, position + 1].every(
      (p) => p >= summary.totalTeams || top.has(p),
    );
    return shown ? [] : [slice(start, position - start + 2)];
  });
  const [rows, round, ...around] = await Promise.all([
    slice(offset, pageSize),
    chosen === undefined
      ? Promise.resolve(null)
      : kept(`round:${chosen}:${offset}`, () => roundTable(db, league.id, season, chosen, offset)),
    ...neighbours,
  ]);
  for (const s of around) for (const r of s) top.set(r.position, r);

  // The viewer's own counts as they are now (a kept page holds them as they were ranked).
  const own = new Map(mine.map((r) => [r.teamId, r]));
  const fresh = <R extends repo.TotalsRow>(r: R): R => {
    const now = own.get(r.teamId);
    return now ? { ...r, predictions: now.predictions, jokers: now.jokers } : r;
  };

  return {
    page: { number: page, size: pageSize, pages, teams: summary.totalTeams },
    rows: rows.map(fresh),
    top: [...top.values()].sort((a, b) => a.position - b.position).map(fresh),
    summary,
    rounds: rounds.map((r) => r.round),
    round,
  };
};
