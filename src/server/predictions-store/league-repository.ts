import { sql, type Kysely, type Transaction } from 'kysely';
import type { Outcome } from '../../domain/predictions';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// The picks of many teams: a league's (by its teams index, each pick by its primary key), some
// teams' (the home hub, a round's story, the calendar feed) and the picks a round still lacks
// (the reminders). None reads another league's predictions.

// A league's picks -----------------------------------------------------------------------------

/** The picks of the league's teams of one season's fixtures (the league's board of picks). */
export const leagueSeasonPicks = (db: Db, leagueId: string, season: string) =>
  db
    .selectFrom('predictions as p')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .innerJoin('fixtures as f', 'f.id', 'p.fixture_id')
    .select([
      'p.fixture_id',
      'p.team_id',
      'p.outcome',
      'p.first_goal_minute',
      'p.joker',
      'p.points',
    ])
    .where('t.league_id', '=', leagueId)
    .where('f.season', '=', season)
    .execute();

export interface LeaguePick {
  fixtureId: string;
  teamId: string;
  outcome: Outcome;
  firstGoalMinute: number | null;
  joker: boolean;
}

/** The picks of the league's teams for the fixtures given (one statement for all of them). */
export const leaguePicks = async (
  db: Db,
  leagueId: string,
  fixtureIds: readonly string[],
): Promise<LeaguePick[]> =>
  fixtureIds.length === 0
    ? []
    : (
        await db
          .selectFrom('teams as t')
          .innerJoin('predictions as p', (j) =>
            j.onRef('p.team_id', '=', 't.id').on('p.fixture_id', 'in', [...fixtureIds]),
          )
          .select(['p.fixture_id', 'p.team_id', 'p.outcome', 'p.first_goal_minute', 'p.joker'])
          .where('t.league_id', '=', leagueId)
          .execute()
      ).map((p) => ({
        fixtureId: p.fixture_id,
        teamId: p.team_id,
        outcome: p.outcome,
        firstGoalMinute: p.first_goal_minute,
        joker: Number(p.joker) === 1,
      }));

/**
 * Every team of the league with its pick of one fixture, if any (the race of issue 29): the
 * league's teams by index, each pick by its primary key.
 */
export const racePicks = async (db: Db, leagueId: string, fixtureId: string) =>
  (
    await db
      .selectFrom('teams as t')
      .leftJoin('predictions as p', (j) =>
        j.onRef('p.team_id', '=', 't.id').on('p.fixture_id', '=', fixtureId),
      )
      .select([
        't.id',
        't.name',
        't.user_id',
        'p.outcome',
        'p.first_goal_minute',
        'p.joker',
        'p.points',
      ])
      .where('t.league_id', '=', leagueId)
      .execute()
  ).map((r) => ({
    teamId: r.id,
    teamName: r.name,
    userId: r.user_id,
    pick:
      r.outcome === null
        ? null
        : {
            outcome: r.outcome,
            firstGoalMinute: r.first_goal_minute,
            joker: Number(r.joker) === 1,
            points: r.points,
          },
  }));

// Some teams' picks ----------------------------------------------------------------------------

/** How many of these fixtures each team has predicted (teams without any are left out). */
export const predictedCounts = async (
  db: Db,
  teamIds: readonly string[],
  fixtureIds: readonly string[],
) => {
  if (teamIds.length === 0 || fixtureIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('predictions')
    .select(['team_id', sql<number>`count(*)`.as('n')])
    .where('team_id', 'in', teamIds)
    .where('fixture_id', 'in', fixtureIds)
    .groupBy('team_id')
    .execute();
  return new Map(rows.map((r) => [r.team_id, Number(r.n)]));
};

/** These teams' predictions of these fixtures (the home hub, a round's story). */
export const picksOfTeams = async (
  db: Db,
  teamIds: readonly string[],
  fixtureIds: readonly string[],
) => {
  if (teamIds.length === 0 || fixtureIds.length === 0) return [];
  return db
    .selectFrom('predictions')
    .select(['team_id', 'fixture_id', 'outcome', 'first_goal_minute', 'joker', 'points'])
    .where('team_id', 'in', teamIds)
    .where('fixture_id', 'in', fixtureIds)
    .execute();
};

/** Every prediction of these teams (a few hundred a season each), by the team's key. */
export const allPicksOfTeams = async (db: Db, teamIds: string[]) =>
  teamIds.length === 0
    ? []
    : db
        .selectFrom('predictions')
        .select(['team_id', 'fixture_id', 'outcome', 'first_goal_minute', 'joker', 'points'])
        .where('team_id', 'in', teamIds)
        .execute();

// The picks a round lacks (reminders) -----------------------------------------------------------

/** How a player asked to be reminded: reminder mails on, or a browser subscribed to pushes. */
export type ReminderChannel = 'mail' | 'push';

/**
 * For one round: every (player, team, open fixture) without a prediction, for the players who
 * asked to be reminded through `channel` — one query over teams × the round's fixtures, keeping
 * the pairs with no prediction row. A player's rows come in kick-off order for a mail (it lists
 * the fixtures) and in team-name order for a push (it names the teams).
 */
export const missingPicks = async (
  db: Db,
  round: { competitionId: string; season: string; round: string },
  now: Date,
  channel: ReminderChannel,
) => {
  const rows = db
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.league_id')
    .innerJoin('user as u', 'u.id', 't.user_id')
    .leftJoin('reminder_settings as r', 'r.user_id', 'u.id')
    .innerJoin('fixtures as f', (join) => join.onRef('f.competition_id', '=', 'l.competition_id'))
    .leftJoin('predictions as p', (join) =>
      join.onRef('p.team_id', '=', 't.id').onRef('p.fixture_id', '=', 'f.id'),
    )
    .select([
      'u.id as user_id',
      'u.email',
      'u.name as user_name',
      'u.locale',
      'r.unsubscribe_token',
      't.id as team_id',
      't.name as team_name',
      'l.id as league_id',
      'l.name as league_name',
      'f.id as fixture_id',
      'f.home_team',
      'f.away_team',
      'f.kickoff_at',
    ])
    .where('l.competition_id', '=', round.competitionId)
    .where('f.season', '=', round.season)
    .where('f.round_label', '=', round.round)
    .where('f.status', '=', 'scheduled')
    .where('f.kickoff_at', '>', now.toISOString())
    .where('f.tbd', '=', 0)
    .where('p.fixture_id', 'is', null)
    .where((eb) =>
      channel === 'mail'
        ? eb('r.enabled', '=', 1)
        : eb.exists(
            eb
              .selectFrom('push_subscriptions as s')
              .select('s.endpoint')
              .whereRef('s.user_id', '=', 'u.id'),
          ),
    )
    .orderBy('u.id');
  return (
    channel === 'mail' ? rows.orderBy('f.kickoff_at').orderBy('t.name') : rows.orderBy('t.name')
  ).execute();
};
