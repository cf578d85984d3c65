import type { Kysely } from 'kysely';
import {
  drawsLeaderMinPredictions,
  leagueFiguresShown,
  rankAmong,
  shareOf,
} from '../../domain/statistics-rules';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { countBetter } from './repository';
import { scoredRounds } from '../fixtures/season-repository';
import { jokerPickPoints } from '../predictions-store/repository';
import * as repo from './statistics-repository';
import { yieldToEventLoop } from '../runtime/event-loop';
import { teamCount } from './tally-repository';

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

/** A part kept under the league's version (standings.ts), computed once by concurrent reads. */
type Part = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

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
    jokerPickPoints(db, team.id, season),
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
 * A league's statistics of a season, and one team's (`teamId`, which must be the league's:
 * TEAM_NOT_FOUND otherwise). League-wide parts come from `part` (kept under the version).
 */
export const readStatistics = async (
  db: Kysely<DB>,
  league: { id: string; competitionId: string },
  season: string | null,
  teamId: string | undefined,
  part: Part,
) => {
  const team = teamId ? await repo.teamOfLeague(db, league.id, teamId) : null;
  if (teamId && !team) throw new AppError('TEAM_NOT_FOUND');
  if (season === null)
    return { league: { scoredPredictions: 0, drawsLeaders: [], topMinutes: [] }, team: null };
  const figures = await part('league', () => leagueFigures(db, league.id, season));
  const { teams, ...shown } = figures;
  return {
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
