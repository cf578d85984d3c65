import { clockMinute, provisionalScore, raceStanding } from '../../domain/live/race';
import { raceTeamsListed } from '../../domain/live/race-api';
import { scoringRulesOf } from '../../domain/league-rules';
import { picksRevealed } from '../../domain/predictions';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { AppError } from '../errors';
import { yieldToEventLoop } from '../runtime/event-loop';
import { findFixture } from '../fixtures/repository';
import { authorize, standingOf } from '../access/league-access';
import { rulesOfLeague } from '../leagues/rules-repository';
import { findLeague } from '../leagues/service';
import { racePicks } from '../predictions-store/league-repository';

type Deps = Pick<Services, 'database' | 'standings'>;

/** One collator for every race (`localeCompare` per comparison costs several times more). */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The race of each (league, fixture) as last worked out, with the league's version and the
 * fixture's state it holds for: one entry each, the latest state only (a clock tick replaces it,
 * so a 10,000-team league's race is kept once, not once per minute). Bounded, per database.
 */
const keptRaces = new WeakMap<
  Services['database'],
  Map<string, { version: number; state: string; race: Promise<unknown> }>
>();
const racesKept = 200;

const latestRace = async <T>(
  database: Services['database'],
  standings: Services['standings'],
  leagueId: string,
  fixtureId: string,
  state: string,
  compute: () => Promise<T>,
): Promise<T> => {
  const version = await standings.version(leagueId);
  let races = keptRaces.get(database);
  if (!races) {
    races = new Map();
    keptRaces.set(database, races);
  }
  const key = `${leagueId}\u0000${fixtureId}`;
  const kept = races.get(key);
  races.delete(key);
  if (kept && kept.version === version && kept.state === state) {
    races.set(key, kept);
    return kept.race as Promise<T>;
  }
  const race = compute();
  races.set(key, { version, state, race });
  race.catch(() => races.delete(key));
  if (races.size > racesKept) {
    const oldest = races.keys().next().value;
    if (oldest !== undefined) races.delete(oldest);
  }
  return race;
};

/**
 * The minute race of one fixture in a league (issue 29): every team's predicted minute against
 * the clock. Members only, from kick-off, like the fixture's picks. The race is worked out once
 * per state of the fixture and version of the league (a kicked-off fixture's picks no longer
 * move), so every open page refetching after a goal reads it from memory.
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
  authorize(await standingOf(db, league, user), 'readPicks');
  if (!picksRevealed({ ...fixture, statusBy: fixture.origins.status }, now))
    throw new AppError('PREDICTIONS_HIDDEN');
  // Where every pick stands is the same for every member: worked out once per state of the
  // fixture (score, minute, clock, status) and the league's version; a read adds the viewer's
  // own teams.
  const state = [
    fixture.status,
    fixture.homeScore,
    fixture.awayScore,
    fixture.firstGoalMinute,
    fixture.clock,
  ].join('|');
  const race = await latestRace(database, standings, league.id, fixture.id, state, async () => {
    const [teams, rules] = await Promise.all([
      racePicks(db, league.id, fixture.id),
      rulesOfLeague(db, league.id, fixture.season).then(scoringRulesOf),
    ]);
    const final = fixture.status === 'final';
    // A 10,000-team league's race is built in a few turns of the event loop, not one.
    await yieldToEventLoop();
    const entries = teams.map((t) => {
      const pick = t.pick;
      const points = !pick
        ? null
        : final
          ? pick.points
          : fixture.status === 'live'
            ? provisionalScore(fixture, pick, rules).points
            : null;
      return {
        userId: t.userId,
        teamId: t.teamId,
        teamName: t.teamName,
        predicted: pick !== null,
        outcome: pick?.outcome ?? null,
        firstGoalMinute: pick?.firstGoalMinute ?? null,
        joker: pick?.joker ?? false,
        standing: pick ? raceStanding(fixture, pick.firstGoalMinute) : ('out' as const),
        points,
      };
    });
    await yieldToEventLoop();
    const minutes = new Map<number, number>();
    for (const e of entries)
      if (e.firstGoalMinute !== null)
        minutes.set(e.firstGoalMinute, (minutes.get(e.firstGoalMinute) ?? 0) + 1);
    return {
      // By predicted minute, then name (no minute last).
      sorted: [...entries].sort(
        (a, b) =>
          (a.firstGoalMinute ?? 999) - (b.firstGoalMinute ?? 999) ||
          byName.compare(a.teamName, b.teamName),
      ),
      counts: {
        teams: entries.length,
        predicted: entries.filter((e) => e.predicted).length,
        stillIn: entries.filter((e) => e.standing === 'in').length,
        hits: entries.filter((e) => e.standing === 'hit').length,
      },
      minutes: [...minutes]
        .sort((a, b) => a[0] - b[0])
        .map(([minute, count]) => ({ minute, teams: count })),
    };
  });
  const shown = ({ userId, ...entry }: (typeof race.sorted)[number]) => ({
    ...entry,
    mine: userId === user.id,
  });
  const mine = race.sorted.filter((e) => e.userId === user.id);
  const listed = [...mine, ...race.sorted.filter((e) => e.userId !== user.id)]
    .slice(0, raceTeamsListed)
    .map(shown);
  const final = fixture.status === 'final';
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
    counts: race.counts,
    minutes: race.minutes,
    teams: listed,
  };
};
