import { parseFieldOrigins } from '../../domain/fixtures';
import { picksRevealed, isFixtureLocked, pickVisible } from '../../domain/predictions';
import { authorize, can, standingOf } from '../access/league-access';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { AppError } from '../errors';
import { findFixture } from '../fixtures/repository';
import { resolveSeason } from '../fixtures/seasons';
import { rulesOfLeague } from '../leagues/rules-repository';
import { findLeague } from '../leagues/service';
import * as repo from './repository';

// The league's picks board: every team's pick of every fixture of a season, and one fixture's
// picks. What a viewer may see of each pick is the domain's `pickVisible`.

type Deps = Pick<Services, 'database' | 'standings'>;
type Board = Awaited<ReturnType<typeof repo.leagueFixtureEntries>>;

const entryOf = (
  team: Board['teams'][number],
  pick: ReturnType<Board['byKey']['get']>,
  show: boolean,
) => ({
  teamId: team.id,
  teamName: team.name,
  predicted: pick !== undefined,
  outcome: show && pick ? pick.outcome : null,
  firstGoalMinute: show && pick ? pick.first_goal_minute : null,
  joker: show && pick ? Number(pick.joker) === 1 : null,
  points: show && pick ? pick.points : null,
});

/** The league's board for a season (its competition's current one by default); anyone may read it. */
export const leagueBoard = async (
  { database, standings }: Deps,
  viewer: SessionUser | null,
  input: { leagueId: string; season?: string | undefined },
  now: Date,
) => {
  const league = await findLeague({ database }, input);
  const { season } = await resolveSeason(database.db, league.competitionId, input.season, now);
  await standings.makeCurrent(league);
  const { lockMinutesBefore } = await rulesOfLeague(database.db, league.id, season);
  const [data, standing] = await Promise.all([
    repo.leagueFixtureEntries(database.db, league.id, league.competitionId, season ?? ''),
    standingOf(database.db, league, viewer),
  ]);
  const member = can(standing, 'readPicks');
  const fixtures = data.fixtures.map((f) => {
    const state = {
      kickoffAt: f.kickoff_at,
      status: f.status,
      statusBy: parseFieldOrigins(f.field_origins).status,
    };
    const revealed = picksRevealed(state, now);
    return {
      id: f.id,
      round: f.round_label,
      kickoffAt: f.kickoff_at,
      timeConfirmed: Number(f.time_confirmed) === 1,
      homeTeam: f.home_team,
      awayTeam: f.away_team,
      status: f.status,
      homeScore: f.home_score,
      awayScore: f.away_score,
      firstGoalMinute: f.first_goal_minute,
      locked: isFixtureLocked(state, now, lockMinutesBefore),
      revealed,
      entries: data.teams.map((t) =>
        entryOf(
          t,
          data.byKey.get(`${f.id}|${t.id}`),
          pickVisible(revealed, { member, own: viewer !== null && t.user_id === viewer.id }),
        ),
      ),
    };
  });
  return { season, fixtures };
};

/** Every team's pick of one fixture: members only, once its picks are revealed. */
export const fixturePicks = async (
  { database, standings }: Deps,
  user: SessionUser,
  input: { leagueId: string; fixtureId: string },
  now: Date,
) => {
  const league = await findLeague({ database }, input);
  const fixture = await findFixture(database.db, input.fixtureId);
  if (!fixture || fixture.competitionId !== league.competitionId)
    throw new AppError('UNKNOWN_FIXTURE');
  authorize(await standingOf(database.db, league, user), 'readPicks');
  const revealed = picksRevealed({ ...fixture, statusBy: fixture.origins.status }, now);
  if (!revealed) throw new AppError('PREDICTIONS_HIDDEN');
  await standings.makeCurrent(league);
  const data = await repo.leagueFixtureEntries(
    database.db,
    league.id,
    league.competitionId,
    fixture.season,
  );
  return {
    entries: data.teams.map((t) =>
      entryOf(
        t,
        data.byKey.get(`${fixture.id}|${t.id}`),
        pickVisible(revealed, { member: true, own: t.user_id === user.id }),
      ),
    ),
  };
};
