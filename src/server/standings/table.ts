import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { levelScores, rankFrom } from '../../domain/standings';
import { scoredRounds } from '../fixtures/season-repository';
import * as repo from './repository';
import * as roundRepo from './round-repository';

type Summary = Awaited<ReturnType<typeof repo.tableSummary>>['summary'];

/**
 * A league's standings, a page at a time (docs/design.md §3 order). Whatever the league's size, a
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

/**
 * Ranks rows read from the table at 0-based `offset`, with the row before them first unless the
 * slice starts the table.
 */
const rankRead = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  read: repo.TotalsRow[],
  offset: number,
  /** A team in the slice whose rank is known (the viewer's): a row level with it shares it. */
  known?: { position: number; better: number },
) => {
  // When the row before the slice scored more than the slice's first, that row's rank is its
  // place (nobody ranks above the table's first row); only a tie across the slice's edge needs
  // the teams above counted.
  const before = offset === 0 ? 0 : 1;
  const [previous] = read;
  const rows = read.slice(before);
  const first = rows[0];
  if (!first) return [];
  const anchor = known ? rows[known.position - offset] : undefined;
  const better =
    offset === 0
      ? 0
      : previous && !levelScores(previous, first)
        ? offset
        : known && anchor && levelScores(anchor, first)
          ? known.better
          : await repo.countBetter(db, leagueId, season, first);
  return rankFrom(rows, offset, 1 + better);
};

const rankedSlice = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  offset: number,
  limit: number,
  known?: { position: number; better: number },
) => {
  const before = offset === 0 ? 0 : 1;
  const read = await repo.tableSlice(db, leagueId, season, offset - before, limit + before);
  return rankRead(db, leagueId, season, read, offset, known);
};

/**
 * A team with the rows above and below it, ranked, read from the team's own row (no walk past
 * the rows above it); by position when the table moved since the place was counted.
 */
const rankedAround = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  place: repo.Place,
) => {
  const start = Math.max(0, place.position - 1);
  // The row before the slice comes with it (rankRead), so two rows above the team past the top.
  const above = place.position - start + (start === 0 ? 0 : 1);
  const read = await repo.tableAround(db, leagueId, season, place, above, 1);
  if (read?.at !== above)
    return rankedSlice(db, leagueId, season, start, place.position - start + 2, place);
  return rankRead(db, leagueId, season, read.rows, start, place);
};

/**
 * Keeps a part of the league's table (memo.ts): `key` names it within the league, season and
 * standings version the caller read. Without a memo every part is computed.
 */
export type TablePart = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

const computed: TablePart = (_key, compute) => compute();

/**
 * The viewer's teams, and their places in the table best first (each with the teams ranked above
 * it). The teams' own totals are read fresh (their counts move with every save); the places move
 * only with the version, so they are kept with it and read beside the totals.
 */
const viewerPlaces = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  viewerId: string | null,
  part: TablePart,
) => {
  if (!viewerId) return { mine: [], places: [] };
  const [mine, places] = await Promise.all([
    repo.teamsOfUser(db, leagueId, season, viewerId),
    part(`places:${viewerId}`, () => repo.placesOfUser(db, leagueId, season, viewerId)),
  ]);
  return { mine, places };
};

/**
 * One round's table (the page's part of it) and its winners: the teams that scored in the round
 * (with the row before the page, as for the season's table) beside their count and the winners,
 * then the teams with 0 by name when the page reaches past the scorers.
 */
const roundTable = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  round: string,
  offset: number,
) => {
  const before = offset === 0 ? 0 : 1;
  // How many scored is wanted only past the scorers (a first page full of them never asks; a
  // later page asks beside the slice).
  const counted = () => roundRepo.countScoredInRound(db, leagueId, season, round);
  const [{ winners, count }, read, scoredBeside] = await Promise.all([
    roundRepo.roundWinners(db, leagueId, season, round, winnersShown),
    roundRepo.scorerSlice(db, leagueId, season, round, offset - before, pageSize + before),
    offset > 0 ? counted() : null,
  ]);
  const [previous] = read;
  const scorers = read.slice(before);
  const [first] = scorers;
  const short = scorers.length < pageSize;
  const scored = scoredBeside ?? (short || !first ? await counted() : 0);
  const [better, zero] = await Promise.all([
    offset === 0 || !first
      ? 0
      : previous && !levelScores(previous, first)
        ? offset
        : roundRepo.countBetterInRound(db, leagueId, season, round, first),
    short
      ? roundRepo.zeroSlice(
          db,
          leagueId,
          season,
          round,
          Math.max(0, offset - scored),
          pageSize - scorers.length,
        )
      : [],
  ]);
  // Every team that scored nothing shares the rank after the last scorer.
  const firstRank = first ? 1 + better : scored + 1;
  return {
    round,
    rows: rankFrom([...scorers, ...zero], offset, firstRank),
    winners,
    winnerCount: count,
  };
};

/**
 * Independent reads run side by side, each as soon as what it needs is known (PostgreSQL answers
 * them on several connections; SQLite serves them one after another as before): a later page's
 * slice waits for the summary (how many pages) and, with `?around=me`, the viewer's places (the
 * first page does not); the round's table for the rounds and the page; the neighbours for the
 * places and the top 10.
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
  // When the summary found teams without totals (the worker then gave them theirs), the parts read
  // meanwhile may lack them: they are read again, unkept. (Kept with the summary, so a read that
  // shared its computing knows it too.)
  const summaryRead = part('summary', async () => {
    const totals = await repo.tableSummary(db, league.id, season);
    if (totals.complete) return { ...totals, filled: false };
    await fill();
    return { ...(await repo.tableSummary(db, league.id, season)), filled: true };
  });
  // Parts read once the summary is known (a later page, its round) are kept only when it was
  // complete; those read beside it belong to the version the fill moved on from.
  const afterSummary: TablePart = async (key, compute) =>
    ((await summaryRead).filled ? computed : part)(key, compute);
  const first = await assemble(
    db,
    league,
    season,
    query,
    viewerId,
    summaryRead,
    part,
    afterSummary,
  );
  return (await summaryRead).filled
    ? assemble(db, league, season, query, viewerId, summaryRead, computed, computed)
    : first;
};

const assemble = async (
  db: Kysely<DB>,
  league: { id: string; competitionId: string },
  season: string,
  query: StandingsQuery,
  viewerId: string | null,
  summaryRead: Promise<{ summary: Summary }>,
  /** Keeps the parts read beside the summary… */
  kept: TablePart,
  /** …and those read after it. */
  later: TablePart,
) => {
  const slice = (offset: number, limit: number, keep = later) =>
    keep(`slice:${offset}:${limit}`, () => rankedSlice(db, league.id, season, offset, limit));
  const places = viewerPlaces(db, league.id, season, viewerId, kept);
  const scored = scoredRounds(db, league.competitionId, season).then((rounds) =>
    roundRepo.leagueRoundsOf(db, league.id, season, rounds),
  );
  // The first page (a table's most read) starts beside the summary: it is there whatever the
  // number of pages, and its first ten rows are the top 10.
  const firstPage = query.around !== 'me' && (query.page ?? 1) <= 1;
  const firstRows = firstPage ? slice(0, pageSize, kept) : null;
  const topTen = firstRows
    ? firstRows.then((rows) => rows.slice(0, topSize))
    : slice(0, topSize, kept);

  const chosenRound = scored.then((rounds) => {
    if (query.round !== undefined && !rounds.some((r) => r.round === query.round))
      throw new AppError('UNKNOWN_ROUND');
    return query.round ?? rounds[0]?.round;
  });
  const paging = (async () => {
    const { summary } = await summaryRead;
    const pages = Math.max(1, Math.ceil(summary.totalTeams / pageSize));
    const positions = query.around === 'me' ? (await places).places.map((p) => p.position) : [];
    const asked =
      query.around === 'me' && positions[0] !== undefined
        ? Math.floor(positions[0] / pageSize) + 1
        : (query.page ?? 1);
    const page = Math.min(Math.max(1, asked), pages);
    return { page, pages, offset: (page - 1) * pageSize, summary };
  })();
  const roundRead = Promise.all([
    chosenRound,
    firstPage ? 0 : paging.then(({ offset }) => offset),
  ]).then(([chosen, offset]) =>
    chosen === undefined
      ? null
      : (firstPage ? kept : later)(`round:${chosen}:${offset}`, () =>
          roundTable(db, league.id, season, chosen, offset),
        ),
  );
  // The top 10, and each of the viewer's teams with the team above and below it.
  // (A table shorter than the top 10 shows every team already.)
  const neighbours = Promise.all([places, topTen]).then(([{ places: mine }, ten]) => {
    const top = new Set(ten.map((r) => r.position));
    return Promise.all(
      mine.slice(0, viewerTeamsShown).flatMap((place) => {
        const { position } = place;
        const start = Math.max(0, position - 1);
        const shown =
          ten.length < topSize || [start, position, position + 1].every((p) => top.has(p));
        return shown
          ? []
          : [kept(`around:${place.teamId}`, () => rankedAround(db, league.id, season, place))];
      }),
    );
  });
  const [{ page, pages, summary }, rows, round, ten, around, { mine }, rounds] = await Promise.all([
    paging,
    firstRows ?? paging.then(({ offset }) => slice(offset, pageSize)),
    roundRead,
    topTen,
    neighbours,
    places,
    scored,
    chosenRound,
  ]);
  const top = new Map<number, RankedTotals>(ten.map((r) => [r.position, r]));
  for (const s of around) for (const r of s) top.set(r.position, r);

  // The viewer's own counts as they are now (a kept page holds them as they were ranked).
  const own = new Map(mine.map((r) => [r.teamId, r]));
  const fresh = <R extends repo.TotalsRow>(r: R): R => {
    const now = own.get(r.teamId);
    return now ? Object.assign({}, r, { predictions: now.predictions, jokers: now.jokers }) : r;
  };

  return {
    page: { number: page, size: pageSize, pages, teams: summary.totalTeams },
    rows: rows.map(fresh),
    top: [...top.values()].sort((a, b) => a.position - b.position).map(fresh),
    summary,
    rounds: rounds.map((r) => r.round),
    // A round not yet complete has a leader, not a winner (issue 54).
    round: round && {
      ...round,
      complete: rounds.find((r) => r.round === round.round)?.complete ?? false,
    },
  };
};
