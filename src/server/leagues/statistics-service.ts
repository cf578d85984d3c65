import type { Kysely } from 'kysely';
import {
  drawsLeaderMinPredictions,
  leagueFiguresShown,
  rankAmong,
  shareOf,
} from '../../domain/statistics-rules';
import type { SessionUser } from '../auth';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { resolveSeason } from '../fixtures/seasons';
import { standingsMemo } from '../standings/memo';
import { countBetter } from '../standings/repository';
import { scoredRounds } from '../standings/round-repository';
import * as repo from '../standings/statistics-repository';
import { yieldToEventLoop } from '../standings/tally-batches';
import { talliesOf } from '../standings/tallies';
import { teamCount } from '../standings/tally-repository';
import { standingsVersion } from '../standings/versions';
import { findLeague, type Deps } from './service';

/**
 * League and team statistics (issue 14), read from the derived totals: scored predictions only
 * (fixtures final with a result), for every viewer alike, so nobody learns a pick before its
 * fixture is played. What is league-wide (the draw callers, the ranks after every round) is kept
 * in the standings memo under the league's version, in a key space of its own, and computed a
 * chunk at a time with the event loop free in between: a league of 10,000 teams never holds a
 * request up. One team's figures come from its own rows.
 */

/** Rows per statement when a league's totals are walked (a few milliseconds each). */
const chunk = 1000;

type Part = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** Per database, computations under way: reads asking for the same part meanwhile share them. */
const pendingOf = new WeakMap<object, Map<string, Promise<unknown>>>();

const once = <T>(database: object, key: string, compute: () => Promise<T>): Promise<T> => {
  let pending = pendingOf.get(database);
  if (!pending) {
    pending = new Map();
    pendingOf.set(database, pending);
  }
  const running = pending.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = compute().finally(() => pending.delete(key));
  pending.set(key, started);
  return started;
};

/** The league's figures: its scored predictions, draw callers, teams and favourite minutes. */
const leagueFigures = async (db: Kysely<DB>, leagueId: string, season: string) => {
  let scoredPredictions = 0;
  const leaders: { teamId: string; draws: number; predictions: number; share: number }[] = [];
  for (let offset = 0; ; offset += chunk) {
    const rows = await repo.drawCountsChunk(db, leagueId, season, offset, chunk);
    for (const row of rows) {
      scoredPredictions += row.predictions;
      if (row.predictions < drawsLeaderMinPredictions || row.draws === 0) continue;
      leaders.push({ ...row, share: shareOf(row.draws, row.predictions) });
      // Keeps the best few only: ties keep the team seen first (the table's order).
      leaders.sort((a, b) => b.share - a.share || b.draws - a.draws);
      leaders.splice(leagueFiguresShown);
    }
    if (rows.length < chunk) break;
    await yieldToEventLoop();
  }
  const names = await repo.teamNames(
    db,
    leagueId,
    leaders.map((l) => l.teamId),
  );
  return {
    teams: await teamCount(db, leagueId),
    scoredPredictions,
    drawsLeaders: leaders.map((l) => ({
      teamId: l.teamId,
      teamName: names.get(l.teamId) ?? '',
      draws: l.draws,
      predictions: l.predictions,
    })),
    topMinutes: await repo.topMinutes(db, leagueId, season, leagueFiguresShown),
  };
};

/** After each round with a result: the distinct points so far, best first, and the teams there. */
export interface RoundRanks {
  round: string;
  values: number[];
  atLeast: number[];
}

/**
 * The league's cumulative points after each scored round, as ranks can be read from: per round
 * the distinct totals (a few hundred at most, whatever the number of teams) with how many teams
 * reached each. Rounds are read a chunk at a time along their rank index.
 */
const seasonRanks = async (
  db: Kysely<DB>,
  league: { id: string; competitionId: string },
  season: string,
): Promise<RoundRanks[]> => {
  const rounds = (await scoredRounds(db, league.competitionId, season)).reverse();
  const cumulative = new Map<string, number>();
  const ranks: RoundRanks[] = [];
  for (const { round } of rounds) {
    for (let offset = 0; ; offset += chunk) {
      const rows = await repo.roundPointsChunk(db, league.id, season, round, offset, chunk);
      for (const row of rows)
        cumulative.set(row.teamId, (cumulative.get(row.teamId) ?? 0) + row.points);
      await yieldToEventLoop();
      if (rows.length < chunk) break;
    }
    const counts = new Map<number, number>();
    for (const points of cumulative.values()) counts.set(points, (counts.get(points) ?? 0) + 1);
    const values = [...counts.keys()].sort((a, b) => b - a);
    let reached = 0;
    ranks.push({
      round,
      values,
      atLeast: values.map((v) => (reached += counts.get(v) ?? 0)),
    });
  }
  return ranks;
};

/** One team's statistics: its own totals and rows, its places from the kept ranks. */
const teamFigures = async (
  db: Kysely<DB>,
  league: { id: string },
  team: { id: string; name: string },
  season: string,
  ranks: RoundRanks[],
  teams: number,
  part: Part,
) => {
  const [totals, roundPoints, jokerPicks] = await Promise.all([
    repo.teamSeasonTotals(db, team.id, season),
    repo.teamRoundPoints(db, team.id, season),
    repo.jokerPickPoints(db, team.id, season),
  ]);
  // The table's place depends on the score only: kept per score, like the standings' places.
  const score = totals;
  const better = await part(
    `rank:${score.points}:${score.exactMinutes}:${score.correctOutcomes}`,
    () => countBetter(db, league.id, season, score),
  );
  let sum = 0;
  const rounds = ranks.map((r) => {
    const points = roundPoints.get(r.round) ?? 0;
    sum += points;
    return { round: r.round, points, rank: rankAmong(r.values, r.atLeast, sum) };
  });
  const best = rounds.reduce<(typeof rounds)[number] | null>(
    (top, r) => (r.points > (top?.points ?? 0) ? r : top),
    null,
  );
  return {
    teamId: team.id,
    teamName: team.name,
    scoredPredictions: totals.scoredPredictions,
    correctOutcomes: totals.correctOutcomes,
    accuracy: shareOf(totals.correctOutcomes, totals.scoredPredictions),
    exactMinutes: totals.exactMinutes,
    jokersUsed: totals.scoredJokers,
    // A joker doubles: half of what its picks scored is what it added.
    jokerPoints: Math.floor(jokerPicks / 2),
    bestRound: best ? { round: best.round, points: best.points } : null,
    rounds,
    rank: better + 1,
    teams,
  };
};

/**
 * GET /api/leagues/{id}/statistics: whoever may read the league's standings may read these.
 * `teamId` must name a team of the league (TEAM_NOT_FOUND otherwise).
 */
export const leagueStatistics = async (
  { database }: Deps,
  _viewer: SessionUser | null,
  input: { leagueId: string; season?: string | undefined; teamId?: string | undefined },
  now: Date,
) => {
  const { db } = database;
  const league = await findLeague({ database }, input);
  const { season } = await resolveSeason(db, league.competitionId, input.season, now);
  const team = input.teamId ? await repo.teamOfLeague(db, league.id, input.teamId) : null;
  if (input.teamId && !team) throw new AppError('TEAM_NOT_FOUND');
  if (season === null)
    return {
      season,
      league: { scoredPredictions: 0, drawsLeaders: [], topMinutes: [] },
      team: null,
    };
  // A result the background run has not reached this league with yet counts already.
  await talliesOf(database).catchUpLeague(league);
  // Read after the catch-up, before any part: a part is never older than its version.
  const version = await standingsVersion(db, league.id);
  const key = `statistics\u0000${league.id}\u0000${season}`;
  const part: Part = (name, compute) =>
    standingsMemo(database).part(key, version, name, () =>
      once(database, `${key}\u0000${version}\u0000${name}`, compute),
    );
  const figures = await part('league', () => leagueFigures(db, league.id, season));
  const { teams, ...shown } = figures;
  return {
    season,
    league: shown,
    team: team
      ? await teamFigures(
          db,
          league,
          team,
          season,
          await part('ranks', () => seasonRanks(db, league, season)),
          teams,
          part,
        )
      : null,
  };
};
