import { clockMinute, provisionalScore, raceStanding } from '../../domain/live/race';
import { raceTeamsListed } from '../../domain/live/race-api';
import { scoringRulesOf } from '../../domain/league-rules';
import { picksRevealed } from '../../domain/predictions';
import type { SessionUser } from '../auth';
import type { Services } from '../context';
import { AppError } from '../errors';
import { findFixture } from '../fixtures/repository';
import { isMember } from '../leagues/repository';
import { rulesOfLeague } from '../leagues/rules-repository';
import { findLeague } from '../leagues/service';
import * as repo from './repository';

type Deps = Pick<Services, 'database' | 'standings'>;

/**
 * The minute race of one fixture in a league (issue 29): every team's predicted minute against
 * the clock. Members only, from kick-off, like the fixture's picks. The league's picks are kept
 * under its standings version (a kicked-off fixture's picks no longer move), so every open page
 * refetching after a goal reads them from memory; where each stands is worked out per read from
 * the fixture as it is now.
 */
export const fixtureRace = async (
  { database, standings }: Deps,
  user: SessionUser,
  input: { leagueId: string; fixtureId: string },
  now: Date,
) => {
  const { db } = database;
  const league = await findLeague({ database }, input);
  const fixture = await findFixture(db, input.fixtureId);
  if (!fixture || fixture.competitionId !== league.competitionId)
    throw new AppError('UNKNOWN_FIXTURE');
  if (!(await isMember(db, league.id, user.id)) || !picksRevealed(fixture, now))
    throw new AppError('PREDICTIONS_HIDDEN');
  const [teams, rules] = await Promise.all([
    standings.kept(league.id, 'race', fixture.id, () => repo.racePicks(db, league.id, fixture.id)),
    rulesOfLeague(db, league.id, fixture.season).then(scoringRulesOf),
  ]);
  const final = fixture.status === 'final';
  const entries = teams.map((t) => {
    const pick = t.pick;
    const standing = raceStanding(fixture, pick?.firstGoalMinute ?? null);
    const points = !pick
      ? null
      : final
        ? pick.points
        : fixture.status === 'live'
          ? provisionalScore(fixture, pick, rules).points
          : null;
    return {
      teamId: t.teamId,
      teamName: t.teamName,
      mine: t.userId === user.id,
      predicted: pick !== null,
      outcome: pick?.outcome ?? null,
      firstGoalMinute: pick?.firstGoalMinute ?? null,
      joker: pick?.joker ?? false,
      standing: pick ? standing : ('out' as const),
      points,
    };
  });
  const minutes = new Map<number, number>();
  for (const e of entries)
    if (e.firstGoalMinute !== null)
      minutes.set(e.firstGoalMinute, (minutes.get(e.firstGoalMinute) ?? 0) + 1);
  const listed = [...entries]
    .sort(
      (a, b) =>
        Number(b.mine) - Number(a.mine) ||
        (a.firstGoalMinute ?? 999) - (b.firstGoalMinute ?? 999) ||
        a.teamName.localeCompare(b.teamName),
    )
    .slice(0, raceTeamsListed);
  return {
    fixture: {
      id: fixture.id,
      homeTeam: fixture.homeTeam,
      awayTeam: fixture.awayTeam,
      kickoffAt: fixture.kickoffAt,
      status: fixture.status,
      homeScore: fixture.homeScore,
      awayScore: fixture.awayScore,
      firstGoalMinute: fixture.firstGoalMinute,
      clock: fixture.clock,
      clockMinute: final ? 91 : clockMinute(fixture.clock),
      resultConfirmed: fixture.resultConfirmed,
      minuteConfirmed: fixture.minuteConfirmed,
    },
    counts: {
      teams: entries.length,
      predicted: entries.filter((e) => e.predicted).length,
      stillIn: entries.filter((e) => e.standing === 'in').length,
      hits: entries.filter((e) => e.standing === 'hit').length,
    },
    minutes: [...minutes]
      .sort((a, b) => a[0] - b[0])
      .map(([minute, count]) => ({ minute, teams: count })),
    teams: listed,
  };
};
