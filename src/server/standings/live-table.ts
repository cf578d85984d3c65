import type { Kysely } from 'kysely';
import { provisionalResult, rankLive, type LiveTotals } from '../../domain/live/race';
import {
  isCorrectOutcome,
  isExactMinute,
  pointsFor,
  type ScoringRules,
} from '../../domain/scoring';
import type { DB } from '../db/schema';
import { yieldToEventLoop } from '../runtime/event-loop';
import type { InPlayFixture } from '../fixtures/season-repository';
import { leaguePicks } from '../predictions-store/league-repository';
import { leagueScores } from './live-repository';
import { teamsOfUser, totalsOfTeams, type TotalsRow } from './repository';
import type { TablePart } from './table';

/**
 * The live table (issue 29): every team's confirmed totals plus the provisional points of the
 * fixtures in play — what they would score if those matches ended now, by the league's rules,
 * jokers included — ranked twice (confirmed and live). Kept like the confirmed table (decision
 * 012): the ranking is computed once per league version and state of the fixtures in play, and a
 * page of it is read from memory, with the names of its 50 teams read by index.
 */

const pageSize = 50;
const topSize = 10;
const viewerTeamsShown = 5;
/** Picks scored in one turn of the event loop. */
const scoredPerTurn = 20_000;

/** One team in the live ranking (what is kept: a few numbers a team). */
export interface LiveRanked extends LiveTotals {
  teamId: string;
  rank: number;
  liveRank: number;
}

/** The state of the fixtures in play that a live ranking depends on (its key in the memo). */
export const inPlayKey = (fixtures: readonly InPlayFixture[]) =>
  fixtures
    .map((f) => `${f.id}:${f.homeScore ?? ''}-${f.awayScore ?? ''}:${f.firstGoalMinute ?? ''}`)
    .join('|');

const rankLeague = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  fixtures: readonly InPlayFixture[],
  rules: () => Promise<ScoringRules>,
): Promise<LiveRanked[]> => {
  // One round trip: the rules, every team's totals and the picks of all fixtures in play.
  const [scoring, scores, picks] = await Promise.all([
    rules(),
    leagueScores(db, leagueId, season),
    leaguePicks(
      db,
      leagueId,
      fixtures.map((f) => f.id),
    ),
  ]);
  await yieldToEventLoop();
  // A large league's rows are scored and ranked in turns of their own, its teams' sums in arrays
  // by place (a 10,000-team league allocates no object per pick).
  const place = new Map(scores.map((s, i) => [s.teamId, i]));
  const actual = new Map(fixtures.map((f) => [f.id, provisionalResult(f)]));
  const morePoints = new Int32Array(scores.length);
  const moreExact = new Int32Array(scores.length);
  const moreCorrect = new Int32Array(scores.length);
  for (let from = 0; from < picks.length; from += scoredPerTurn) {
    if (from > 0) await yieldToEventLoop();
    for (const pick of picks.slice(from, from + scoredPerTurn)) {
      const i = place.get(pick.teamId);
      const result = actual.get(pick.fixtureId);
      if (i === undefined || !result) continue;
      morePoints[i] = (morePoints[i] as number) + pointsFor(pick, result, scoring);
      if (isExactMinute(pick, result)) moreExact[i] = (moreExact[i] as number) + 1;
      if (isCorrectOutcome(pick, result)) moreCorrect[i] = (moreCorrect[i] as number) + 1;
    }
  }
  const rows = scores.map((s, i) => ({
    teamId: s.teamId,
    teamKey: s.teamKey,
    points: s.points,
    exactMinutes: s.exactMinutes,
    correctOutcomes: s.correctOutcomes,
    livePoints: s.points + (morePoints[i] as number),
    liveExactMinutes: s.exactMinutes + (moreExact[i] as number),
    liveCorrectOutcomes: s.correctOutcomes + (moreCorrect[i] as number),
  }));
  await yieldToEventLoop();
  const { order, rank, liveRank } = rankLive(rows);
  return order.map((i): LiveRanked => {
    const r = rows[i] as (typeof rows)[number];
    return {
      teamId: r.teamId,
      points: r.points,
      exactMinutes: r.exactMinutes,
      correctOutcomes: r.correctOutcomes,
      livePoints: r.livePoints,
      liveExactMinutes: r.liveExactMinutes,
      liveCorrectOutcomes: r.liveCorrectOutcomes,
      rank: rank[i] as number,
      liveRank: liveRank[i] as number,
    };
  });
};

export interface LiveQuery {
  page?: number | undefined;
  around?: 'me' | undefined;
}

export type LiveRow = TotalsRow & LiveRanked & { position: number };

/**
 * A page of the league's live table as `viewerId` sees it, with the top 10 and the viewer's teams
 * beside their neighbours, given the season's fixtures in play (at least one).
 */
export const readLiveTable = async (
  db: Kysely<DB>,
  league: { id: string; competitionId: string },
  season: string,
  fixtures: readonly InPlayFixture[],
  query: LiveQuery,
  viewerId: string | null,
  rules: () => Promise<ScoringRules>,
  part: TablePart,
) => {
  const [ranked, mine] = await Promise.all([
    part(`live:${inPlayKey(fixtures)}`, () => rankLeague(db, league.id, season, fixtures, rules)),
    viewerId ? teamsOfUser(db, league.id, season, viewerId) : [],
  ]);
  const positions = new Map(ranked.map((r, i) => [r.teamId, i]));
  const minePositions = mine
    .map((t) => positions.get(t.teamId))
    .filter((p): p is number => p !== undefined)
    .sort((a, b) => a - b);

  const pages = Math.max(1, Math.ceil(ranked.length / pageSize));
  const asked =
    query.around === 'me' && minePositions[0] !== undefined
      ? Math.floor(minePositions[0] / pageSize) + 1
      : (query.page ?? 1);
  const page = Math.min(Math.max(1, asked), pages);
  const offset = (page - 1) * pageSize;

  const topPositions = new Set<number>();
  for (let p = 0; p < Math.min(topSize, ranked.length); p += 1) topPositions.add(p);
  for (const p of minePositions.slice(0, viewerTeamsShown))
    for (const q of [p - 1, p, p + 1]) if (q >= 0 && q < ranked.length) topPositions.add(q);
  const pagePositions = ranked.slice(offset, offset + pageSize).map((_, i) => offset + i);

  const wanted = [...new Set([...pagePositions, ...topPositions])];
  const totals = new Map(
    (
      await totalsOfTeams(
        db,
        league.id,
        season,
        wanted.map((p) => ranked[p]?.teamId ?? ''),
      )
    ).map((t) => [t.teamId, t]),
  );
  const own = new Map(mine.map((t) => [t.teamId, t]));
  const rowAt = (position: number): LiveRow | null => {
    const live = ranked[position];
    const team = live && (own.get(live.teamId) ?? totals.get(live.teamId));
    return live && team ? Object.assign({}, team, live, { position }) : null;
  };
  const rows = (list: number[]) => list.map(rowAt).filter((r): r is LiveRow => r !== null);
  return {
    fixtures,
    page: { number: page, size: pageSize, pages, teams: ranked.length },
    rows: rows(pagePositions),
    top: rows([...topPositions].sort((a, b) => a - b)),
  };
};
