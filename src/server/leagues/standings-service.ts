import type { Kysely } from 'kysely';
import { can, standingOf } from '../access/league-access';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import type { DB } from '../db/schema';
import { resolveSeason } from '../fixtures/seasons';
import type { LiveRow, StandingsQuery, TotalsRow } from '../standings/standings';
import * as repo from './repository';
import { findLeague } from './service';
import { summaryOf } from './summary';

/**
 * The seasons a league's standings switcher offers (docs/design.md §2): the competition's current one and
 * any in which the league's teams predicted, latest first.
 */
const seasonsOffered = async (
  db: Kysely<DB>,
  league: repo.LeagueRow,
  current: string | null,
  spans: readonly { season: string }[],
) => {
  const others = spans.map((s) => s.season).filter((s) => s !== current);
  const played = new Set(await repo.seasonsPlayed(db, league.id, others));
  return spans.filter((s) => s.season === current || played.has(s.season)).map((s) => s.season);
};

/**
 * A league's standings as the API shows them to `viewer`: one page of the table, the top 10, the
 * summary, per-team statistics and one round's table. Counts cover fixtures with a result only,
 * for every viewer: before kick-off nobody learns how many picks or jokers a team has placed.
 */
export const leagueStandings = async (
  { database, standings: tables }: Pick<Services, 'database' | 'standings'>,
  viewer: SessionUser | null,
  input: StandingsQuery & {
    leagueId: string;
    season?: string | undefined;
    /** 'live': live points and ranks, the page in live order while fixtures are in play. */
    view?: 'live' | undefined;
  },
  now: Date,
) => {
  const { db } = database;
  const league = await findLeague({ database }, input);
  // The season counted: the one asked for, else the competition's current season.
  const { season, current, spans } = await resolveSeason(
    db,
    league.competitionId,
    input.season,
    now,
  );
  // The live table is read beside the confirmed one (a page after a goal waits for neither).
  const [seasons, standings, standing, live] = await Promise.all([
    seasonsOffered(db, league, current, spans),
    tables.table(league, season ?? '', input, viewer?.id ?? null),
    standingOf(db, league, viewer),
    input.view === 'live' && season !== null
      ? tables.liveTable(league, season, input, viewer?.id ?? null)
      : null,
  ]);
  const { bonus } = standings;
  const { member } = standing;
  // Live points and ranks tell whether each pick is right and carries a joker: members only.
  // Everyone else gets the confirmed table beside the live fixtures' scores and clock.
  const livePoints = can(standing, 'readLiveTable');
  const mine = (r: TotalsRow) => viewer !== null && r.userId === viewer.id;
  const toRow = (r: TotalsRow & { rank: number }) => ({
    rank: r.rank,
    teamId: r.teamId,
    teamName: r.teamName,
    manager: r.manager,
    points: r.points,
    bonusPoints: r.bonusPoints,
    exactMinutes: r.exactMinutes,
    correctOutcomes: r.correctOutcomes,
    mine: mine(r),
  });
  // Object.assign, not spreads, on rows (standings/repository.ts, toTotals).
  const liveRow = (r: LiveRow) =>
    Object.assign(toRow(r), { livePoints: r.livePoints, liveRank: r.liveRank });
  // Nothing in play: the live figures are the confirmed ones.
  const asLive = (r: TotalsRow & { rank: number }) =>
    Object.assign(toRow(r), { livePoints: r.points, liveRank: r.rank });
  const chosen = standings.round;
  const table =
    input.view !== 'live' || !livePoints
      ? { rows: standings.rows.map(toRow), top: standings.top.map(toRow) }
      : live
        ? { rows: live.rows.map(liveRow), top: live.top.map(liveRow), page: live.page }
        : { rows: standings.rows.map(asLive), top: standings.top.map(asLive) };
  return {
    league: summaryOf(league, viewer, { member }),
    season,
    currentSeason: current,
    seasons,
    bonus,
    page: standings.page,
    ...table,
    summary: standings.summary,
    statistics: standings.rows.map((r) => ({
      teamId: r.teamId,
      teamName: r.teamName,
      // Picks of played fixtures only, for everyone (owner included): the same count on every
      // screen, and nobody learns before kick-off how many picks or jokers a team has placed.
      predictions: r.scoredPredictions,
      correctOutcomes: r.correctOutcomes,
      exactMinutes: r.exactMinutes,
      jokers: r.scoredJokers,
      points: r.points,
    })),
    round: chosen?.round ?? null,
    rounds: standings.rounds.map((round) =>
      chosen && round === chosen.round
        ? {
            round,
            complete: chosen.complete,
            winnerCount: chosen.winnerCount,
            winners: chosen.winners.map((w) => toRow(Object.assign({}, w, { rank: 1 }))),
            rows: chosen.rows.map(toRow),
          }
        : { round, complete: false, winnerCount: 0, winners: [], rows: [] },
    ),
    ...(input.view === 'live'
      ? {
          live: {
            fixtures: (live?.fixtures ?? []).map((f) => ({
              id: f.id,
              homeTeam: f.homeTeam,
              awayTeam: f.awayTeam,
              kickoffAt: f.kickoffAt,
              homeScore: f.homeScore,
              awayScore: f.awayScore,
              firstGoalMinute: f.firstGoalMinute,
              clock: f.clock,
            })),
          },
        }
      : {}),
  };
};
