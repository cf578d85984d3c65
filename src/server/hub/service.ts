import { unansweredCounts } from '../bonus/repository';
import { clubsOfFixtures } from '../competitions/club-colours';
import type { HubResponse, HubResult, HubTeam } from '../../domain/hub';
import { pickDeadline } from '../../domain/league-rules';
import type { Outcome } from '../../domain/predictions';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { resolveSeason } from '../fixtures/seasons';
import { listUserLeagues } from '../leagues/repository';
import { countBetter, countBetterBefore, roundScore, teamsOfUser } from '../standings/standings';
import * as fixtureReads from '../fixtures/season-repository';
import * as pickReads from '../predictions-store/league-repository';
import * as hub from './repository';

/** How many results the hub lists (newest first, across the player's competitions). */
const resultCount = 5;

/**
 * The rank a score had before a round, per league: counting it walks the league's totals (some
 * milliseconds for 10,000 teams), and it changes only when a result of the competition does, so
 * it is remembered until the competition's fixtures change (or for `rememberMs` at most: a team
 * leaving moves ranks too).
 */
const rememberMs = 5 * 60_000;
const rememberedMax = 10_000;
const previousRanks = new Map<string, { stamp: string; at: number; rank: number }>();

const rememberRank = (key: string, stamp: string, rank: number, now: number) => {
  if (previousRanks.size >= rememberedMax) {
    const oldest = previousRanks.keys().next().value;
    if (oldest !== undefined) previousRanks.delete(oldest);
  }
  previousRanks.set(key, { stamp, at: now, rank });
};

/**
 * The signed-in home's hub (issue 13): for each of the player's teams its rank (and the rank
 * before the latest round), points and the next round's open fixtures it has not predicted; and
 * the latest results of the player's competitions with the points each of their teams earned.
 * Reads one competition's fixtures and one league's totals at a time, by index.
 */
export const playerHub = async (
  { database, standings }: Pick<Services, 'database' | 'standings'>,
  viewer: SessionUser,
  now: Date,
): Promise<HubResponse> => {
  const { db } = database;
  const nowIso = now.toISOString();
  const memberships = await listUserLeagues(db, viewer.id);

  // Per competition: the season counted (first: a league's totals wait for it alone), then its
  // next open round, latest results and the stamp of its fixtures, read side by side.
  const seasons = new Map<string, Promise<string | null>>();
  const seasonOf = (competitionId: string) => {
    let found = seasons.get(competitionId);
    if (!found) {
      found = resolveSeason(db, competitionId, undefined, now).then((r) => r.season);
      seasons.set(competitionId, found);
    }
    return found;
  };
  const competitions = new Map<
    string,
    Promise<{
      season: string | null;
      next: Awaited<ReturnType<typeof fixtureReads.nextOpenRound>>;
      scoredRound: string | null;
      results: Awaited<ReturnType<typeof fixtureReads.latestResults>>;
      stamp: string;
    }>
  >();
  const competition = (competitionId: string) => {
    let found = competitions.get(competitionId);
    if (!found) {
      found = (async () => {
        const season = await seasonOf(competitionId);
        if (!season) return { season: null, next: null, scoredRound: null, results: [], stamp: '' };
        const [next, scoredRound, results, stamp] = await Promise.all([
          fixtureReads.nextOpenRound(db, competitionId, season, nowIso),
          fixtureReads.latestScoredRound(db, competitionId, season),
          fixtureReads.latestResults(db, competitionId, season, resultCount),
          fixtureReads.competitionFixturesStamp(db, competitionId),
        ]);
        return { season, next, scoredRound, results, stamp };
      })();
      competitions.set(competitionId, found);
    }
    return found;
  };

  /**
   * Each of the player's teams in a league: its rank, the rank before the latest round, points.
   * The league is made current (a result the background run has not reached it with yet counts
   * already) beside the read of the teams' totals, which is read again when it had to wait.
   */
  const teamRanks = async (
    league: { id: string; competitionId: string },
    own: readonly { id: string }[],
    season: string,
  ) => {
    const totalsOf = async () =>
      new Map((await teamsOfUser(db, league.id, season, viewer.id)).map((r) => [r.teamId, r]));
    const [waited, first] = await Promise.all([standings.makeCurrent(league), totalsOf()]);
    const totals = waited ? await totalsOf() : first;
    const rankOf = async (teamId: string) => {
      const score = totals.get(teamId) ?? { points: 0, exactMinutes: 0, correctOutcomes: 0 };
      const [better, previousRank] = await Promise.all([
        countBetter(db, league.id, season, score),
        competition(league.competitionId).then((about) =>
          about.scoredRound
            ? rankBefore(league.id, teamId, season, about.scoredRound, about.stamp, score)
            : null,
        ),
      ]);
      return [teamId, { rank: better + 1, previousRank, points: score.points }] as const;
    };
    return new Map(await Promise.all(own.map((t) => rankOf(t.id))));
  };

  /** The team's rank before the latest scored round (remembered per score, see rememberMs). */
  const rankBefore = async (
    leagueId: string,
    teamId: string,
    season: string,
    scoredRound: string,
    stamp: string,
    score: { points: number; exactMinutes: number; correctOutcomes: number },
  ) => {
    const round = await roundScore(db, teamId, season, scoredRound);
    const before = {
      points: score.points - round.points,
      exactMinutes: score.exactMinutes - round.exactMinutes,
      correctOutcomes: score.correctOutcomes - round.correctOutcomes,
    };
    const key = [
      leagueId,
      season,
      scoredRound,
      before.points,
      before.exactMinutes,
      before.correctOutcomes,
    ].join('|');
    const known = previousRanks.get(key);
    const fresh = known && known.stamp === stamp && now.getTime() - known.at < rememberMs;
    const rank = fresh
      ? known.rank
      : (await countBetterBefore(db, leagueId, season, scoredRound, before)) + 1;
    if (!fresh) rememberRank(key, stamp, rank, now.getTime());
    // Nobody had scored before this round (a new league's first result): no table to move from.
    const nothingBefore =
      rank === 1 &&
      before.points === 0 &&
      before.exactMinutes === 0 &&
      before.correctOutcomes === 0;
    return nothingBefore ? null : rank;
  };

  // The latest results of the player's competitions, with the picks of their teams in each (read
  // beside the leagues' ranks).
  const latest = async (): Promise<HubResult[]> => {
    const candidates: HubResult[] = [];
    const abouts = await Promise.all(
      memberships.map(({ league }) => competition(league.competitionId)),
    );
    for (const [i, { league }] of memberships.entries()) {
      for (const f of abouts[i]?.results ?? []) {
        if (candidates.some((c) => c.fixtureId === f.id)) continue;
        candidates.push({
          fixtureId: f.id,
          competitionName: league.competitionName,
          round: f.round_label,
          homeTeam: f.home_team,
          awayTeam: f.away_team,
          homeScore: Number(f.home_score),
          awayScore: Number(f.away_score),
          firstGoalMinute: f.first_goal_minute,
          kickoffAt: f.kickoff_at,
          picks: [],
        });
      }
    }
    const results = candidates
      .sort((a, b) => b.kickoffAt.localeCompare(a.kickoffAt))
      .slice(0, resultCount);
    const teamNames = new Map(
      memberships.flatMap(({ teams: own }) => own.map((t) => [t.id, t.name] as const)),
    );
    const leagueNames = new Map(
      memberships.flatMap(({ league, teams: own }) => own.map((t) => [t.id, league.name] as const)),
    );
    const picks = await pickReads.picksOfTeams(
      db,
      [...teamNames.keys()],
      results.map((r) => r.fixtureId),
    );
    for (const result of results) {
      result.picks = picks
        .filter((p) => p.fixture_id === result.fixtureId)
        .map((p) => ({
          teamId: p.team_id,
          teamName: teamNames.get(p.team_id) ?? '',
          leagueName: leagueNames.get(p.team_id) ?? '',
          outcome: p.outcome as Outcome,
          firstGoalMinute: p.first_goal_minute,
          joker: Boolean(p.joker),
          points: p.points,
        }))
        .sort(
          (a, b) =>
            a.teamName.localeCompare(b.teamName) || a.leagueName.localeCompare(b.leagueName),
        );
    }
    return results;
  };

  // Every league at once (each a few short reads in a row): on PostgreSQL the hub waits for
  // the longest chain, not for the sum of them all.
  const [results, bonus, perLeague] = await Promise.all([
    latest(),
    unansweredCounts(
      db,
      memberships.flatMap(({ teams: own }) => own.map((t) => t.id)),
      nowIso,
    ),
    Promise.all(
      memberships.map(async ({ league, teams: own }) => {
        const [about, teamCount, predicted, ranked] = await Promise.all([
          competition(league.competitionId),
          hub.leagueTeamCount(db, league.id),
          competition(league.competitionId).then((about) =>
            about.next
              ? pickReads.predictedCounts(
                  db,
                  own.map((t) => t.id),
                  about.next.fixtureIds,
                )
              : new Map<string, number>(),
          ),
          seasonOf(league.competitionId).then((season) =>
            season ? teamRanks(league, own, season) : null,
          ),
        ]);
        return { league, own, about, teamCount, predicted, ranked };
      }),
    ),
  ]);

  const teams: HubTeam[] = [];
  for (const { league, own, about, teamCount, predicted, ranked } of perLeague) {
    const base = {
      leagueId: league.id,
      leagueName: league.name,
      competitionId: league.competitionId,
      competitionName: league.competitionName,
      competitionRoute: league.competitionRoute,
      season: about.season,
    };
    const nextRound = (teamId: string) =>
      about.next
        ? {
            round: about.next.round,
            // The round's first kick-off, earlier in a league that closes picks before it.
            deadline: pickDeadline(
              about.next.deadline,
              league.rules.lockMinutesBefore,
            ).toISOString(),
            open: about.next.fixtureIds.length,
            missing: about.next.fixtureIds.length - (predicted.get(teamId) ?? 0),
          }
        : null;
    for (const t of own) {
      const r = ranked?.get(t.id);
      teams.push({
        ...base,
        teamId: t.id,
        teamName: t.name,
        rank: r?.rank ?? null,
        previousRank: r?.previousRank ?? null,
        teams: teamCount,
        points: r?.points ?? 0,
        nextRound: r ? nextRound(t.id) : null,
        bonusToAnswer: bonus.get(t.id) ?? 0,
      });
    }
  }

  return {
    now: nowIso,
    teams,
    results,
    clubs: clubsOfFixtures(results),
  };
};
