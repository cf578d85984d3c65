import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Dialect, DirectStatements } from '../db/database';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import { readTallyBacklog } from '../runtime/metrics';
import { hasQuestions, scoreAnswers } from './bonus-repository';
import { StandingsMemo } from './memo';
import * as ranks from './repository';
import type { LeagueRulesSource } from './rules-source';
import { readStatistics } from './statistics';
import { readStandings, type StandingsQuery, type TablePart } from './table';
import { inPlayFixtures, runsBehindLeague } from '../fixtures/season-repository';
import { readLiveTable, type LiveQuery } from './live-table';
import { TallyWorker } from './tallies';
import { lockLeagues } from './tally-batches';
import {
  dropMinutes,
  dropTeamMinutes,
  isSettledPick,
  moveRoundTotals,
  moveTeamTotals,
  moveTeamTotalsDirect,
  planDelete,
  planSave,
  type StoredPick,
  type TotalsMove,
} from './tally-moves';
import * as runs from './tally-repository';
import { untally } from './tally-sql';
import {
  markLeaguesChanged,
  markUserLeaguesChanged,
  standingsVersion,
} from './versions-repository';

/*
 * The standings module's one door (issue 27): everything that turns predictions and results into
 * tables — scoring, tallies, totals, round tables, ranks, the kept pages, statistics and the bonus
 * column — is reached through this file; a lint rule keeps production code elsewhere from
 * importing anything else in src/server/standings/. League rules come in as a value
 * (`LeagueRulesSource`); the module imports no other feature.
 *
 * Two kinds of verbs:
 * - writes that happen inside the caller's transaction (picks saved or deleted, a fixture changed,
 *   teams joining or leaving, a bonus question settled): plain functions below, each moving the
 *   totals and the league's version in that transaction;
 * - `Standings`, one per process and database (in `Services`): the worker that moves totals after
 *   a result, and the reads, kept in memory under each league's version.
 */

type Db = Kysely<DB> | Transaction<DB>;

export type { LeagueRulesSource } from './rules-source';
export type { StandingsQuery, RankedTotals } from './table';
export type { TotalsRow, Score } from './repository';
export type { StoredPick, TotalsMove } from './tally-moves';
export { isSettledPick, teamMovesParams, teamMovesText } from './tally-moves';
export type { LiveRow, LiveQuery } from './live-table';
export type { InPlayFixture } from '../fixtures/season-repository';

// ------------------------------------------------------------------------------------------
// Writes in the caller's transaction

/**
 * Picks of open fixtures about to be saved for a team, from what is stored of them: the tally to
 * store with each and how the team's totals move (`picksSaved` applies it).
 */
export const planPicksSaved = planSave;

/** Moves a team's totals by what `planPicksSaved` decided (Kysely; PostgreSQL's save). */
export const picksSaved = (trx: Db, team: { id: string }, moves: Map<string, TotalsMove>) =>
  moveTeamTotals(trx, team, moves);

/** The same on SQLite's synchronous connection, inside a save's group commit (decision 010). */
export const picksSavedDirect = (
  s: DirectStatements,
  teamId: string,
  moves: Map<string, TotalsMove>,
) => moveTeamTotalsDirect(s, teamId, moves);

/**
 * Picks deleted (after the rows went): what the totals held of them leaves — the team's season
 * and round totals and the league's minute counts.
 */
export const picksDeleted = async (
  trx: Db,
  team: { id: string },
  stored: Map<string, StoredPick>,
  deleted: { fixtureId: string; season: string; round: string }[],
) => {
  const plan = planDelete(stored, deleted);
  await moveTeamTotals(trx, team, plan.moves);
  await moveRoundTotals(trx, team, plan.rounds);
  await dropMinutes(trx, team, plan.minutes);
};

/**
 * Reads a team's stored picks for a write that moves its totals by them. On PostgreSQL a
 * fixture's run moves a batch of leagues in several statements, each seeing the picks as they
 * were when it started: a write committed in between would be counted twice or not at all. Picks
 * such a run may still move (see `isSettledPick`) are therefore read again once the run of the
 * team's league is over — a KEY SHARE lock on the league, which every run holds FOR UPDATE — and
 * no run starts on the league until the caller's transaction ends. Settled picks (nearly every
 * save) take no lock.
 */
export const settledPicks = async <T extends { stored: Map<string, StoredPick> }>(
  trx: Transaction<DB>,
  dialect: Dialect,
  leagueId: string,
  read: () => Promise<T>,
): Promise<T> => {
  const first = await read();
  if (dialect !== 'postgres' || [...first.stored.values()].every(isSettledPick)) return first;
  await sql`select id from leagues where id = ${leagueId} for key share`.execute(trx);
  return read();
};

/**
 * A fixture changed, in the transaction that changed it: its predictions leave the old round's
 * totals when it moved round, and when the change moves totals (status, result, minute, round,
 * returned jokers) a run is queued. Returns whether one was (the fixture has predictions).
 */
export const fixtureChanged = async (
  trx: Db,
  change: {
    fixtureId: string;
    at: string;
    movesTotals: boolean;
    /** Its season and round before, when the round changed. */
    roundMovedFrom?: { season: string; round: string } | undefined;
  },
) => {
  const moved = change.roundMovedFrom;
  if (moved) await untally(trx, change.fixtureId, moved.season, moved.round);
  return change.movesTotals && runs.queueRun(trx, change.fixtureId, change.at);
};

/** Teams joined these leagues, or what their tables show otherwise moved (a question asked). */
export const leaguesChanged = (trx: Db, leagueIds: readonly string[]) =>
  markLeaguesChanged(trx, leagueIds);

/** A user's name or teams moved: every table they are in. */
export const userLeaguesChanged = (trx: Db, userId: string) => markUserLeaguesChanged(trx, userId);

/**
 * Before a team is removed (its predictions and totals cascade): its picks leave the league's
 * minute counts, and the league's table moves.
 */
export const teamLeaving = async (trx: Db, team: { id: string; leagueId: string }) => {
  await dropTeamMinutes(trx, team.id);
  await markLeaguesChanged(trx, [team.leagueId]);
};

/**
 * A bonus question settled (correct keys), corrected, or taken back (null: its points leave):
 * every answer gets its points and the teams' totals move by the difference, under the league's
 * lock, in the caller's transaction.
 */
export const bonusSettled = async (
  trx: Transaction<DB>,
  dialect: Dialect,
  leagueId: string,
  question: { id: string; season: string },
  correctKeys: string[] | null,
  points: number,
) => {
  await lockLeagues({ dialect }, trx, [leagueId]);
  await markLeaguesChanged(trx, [leagueId]);
  await scoreAnswers(trx, question, correctKeys, points);
};

/** Whether a fixture's predictions are still being scored (its run has leagues to go). */
export const scoringPending = async (db: Db, fixtureId: string) =>
  (await runs.findRun(db, fixtureId)) !== null;

// ------------------------------------------------------------------------------------------
// Reads that need no worker (ranks of a league's teams, by index)

/** The user's teams of the league with their season totals. */
export const teamsOfUser = ranks.teamsOfUser;
/** How many teams of the league rank strictly above a score. */
export const countBetter = ranks.countBetter;
/** A team's totals of one round (zeros when it scored nothing in it). */
export const roundScore = ranks.roundScore;
/** How many teams ranked strictly above `before` once `round` is taken off every team's totals. */
export const countBetterBefore = ranks.countBetterBefore;
/** A league's round as its story tells it: teams, places before and after, picks (issue 33). */
export { storyInputs } from './story-repository';

// ------------------------------------------------------------------------------------------
// The worker and the kept reads

export interface StandingsDeps {
  database: Database;
  rules: LeagueRulesSource;
  now: () => Date;
  logger?: Logger | undefined;
  /** Teams per part of a large league (tests make it small). */
  partTeams?: number;
}

/** One per process and database: made by bootstrap.ts and reached as `services.standings`. */
export class Standings {
  private readonly worker: TallyWorker;
  private readonly memo = new StandingsMemo();
  /** Computations under way, by key: reads asking for the same part meanwhile share them. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly database: Database;
  private readonly rules: LeagueRulesSource;
  private readonly unread: () => void;
  private readonly now: () => Date;

  constructor(deps: StandingsDeps) {
    this.database = deps.database;
    this.rules = deps.rules;
    this.now = deps.now;
    this.worker = new TallyWorker(deps.database, deps.rules, deps.now, deps.logger, deps.partTeams);
    // /metrics: fixtures whose totals are still moving (the queue is a handful of rows).
    this.unread = readTallyBacklog(
      async () => (await runs.queuedFixtures(this.database.db)).length,
    );
  }

  /** At start: predictions the totals do not hold yet are tallied in the background. */
  resume() {
    this.worker.resume();
  }

  /** Lets the batch in progress finish and starts no other (shutdown). */
  stop() {
    this.unread();
    return this.worker.stop();
  }

  /** Runs every queued run to its end (after a change: the admin's answer waits a moment). */
  drain() {
    return this.worker.drain();
  }

  /** Queues a run for every fixture with predictions the totals do not hold, and runs them. */
  catchUp() {
    return this.worker.catchUp();
  }

  /** The fixture's predictions and those that gained points, counted by its last full run. */
  takeCounts(fixtureId: string) {
    return this.worker.takeCounts(fixtureId);
  }

  /** The fixture's predictions its run has moved so far (a run still going on). */
  countedSoFar(fixtureId: string) {
    return this.worker.countedSoFar(fixtureId);
  }

  /** 'Rebuild standings' of a competition: every league summed afresh. */
  rebuildCompetition(competitionId: string) {
    return this.worker.rebuildCompetition(competitionId);
  }

  /** One league summed afresh (its rules changed), moving from old to new in one step. */
  rebuildLeague(leagueId: string) {
    return this.worker.rebuildLeague(leagueId);
  }

  /**
   * Before a league's table or picks are read: pending work of the league is the worker's next
   * (at most 2 s of waiting), so a table read right after a result counts it.
   */
  makeCurrent(league: { id: string; competitionId: string }, season?: string) {
    return this.worker.makeCurrent(league, season);
  }

  /** Whether results are still being counted into the league's totals (a run has not passed it). */
  async behind(league: { id: string; competitionId: string }) {
    return (await runsBehindLeague(this.database.db, league.competitionId, league.id)).length > 0;
  }

  /** The league's standings version (moves with every change its table shows). */
  version(leagueId: string) {
    return standingsVersion(this.database.db, leagueId);
  }

  /**
   * The league made current (see makeCurrent), then its version: read beside the check for
   * pending work, and again only when the read waited for some (one round trip, not two).
   */
  private async currentVersion(league: { id: string; competitionId: string }) {
    const [waited, version] = await Promise.all([
      this.makeCurrent(league),
      this.version(league.id),
    ]);
    return waited ? this.version(league.id) : version;
  }

  /**
   * A part of what the league shows, kept in memory under its standings version (`scope` keeps
   * a caller's parts apart), computed once by concurrent reads.
   */
  async kept<T>(leagueId: string, scope: string, key: string, compute: () => Promise<T>) {
    const version = await this.version(leagueId);
    return this.part(`${leagueId}\u0000${scope}`, version)(key, compute);
  }

  private part(memoKey: string, version: number): TablePart {
    return (key, compute) =>
      this.memo.part(memoKey, version, key, () =>
        this.once(`${memoKey}\u0000${version}\u0000${key}`, compute),
      );
  }

  private once<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const running = this.pending.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = compute().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }

  /**
   * A league's table of a season as `viewerId` sees it (a page, the top 10 with the viewer's
   * teams, one round's table, the summary; `bonus`: whether the table has a bonus column).
   */
  async table(
    league: { id: string; competitionId: string },
    season: string,
    query: StandingsQuery,
    viewerId: string | null,
  ) {
    // Read once the league is current, before any part: a part is never older than its version.
    const part = this.part(`${league.id}\u0000${season}`, await this.currentVersion(league));
    const { db } = this.database;
    const fill = () => this.makeCurrent(league, season);
    const [standings, bonus] = await Promise.all([
      readStandings(db, league, season, query, viewerId, part, fill),
      part('bonus', () => hasQuestions(db, league.id, season)),
    ]);
    return { ...standings, bonus };
  }

  /**
   * A page of the league's live table (issue 29): confirmed totals plus the provisional points of
   * the season's fixtures in play, ranked, kept under the league's version and the state of those
   * fixtures; null when none is in play.
   */
  async liveTable(
    league: { id: string; competitionId: string },
    season: string,
    query: LiveQuery,
    viewerId: string | null,
  ) {
    const { db } = this.database;
    const [version, inPlay] = await Promise.all([
      this.currentVersion(league),
      inPlayFixtures(db, league.competitionId, season),
    ]);
    // Live points tell whether picks are right: never before the kick-off we hold, whatever a
    // source says (issue 49).
    const now = this.now().getTime();
    const fixtures = inPlay.filter((f) => Date.parse(f.kickoffAt) <= now);
    if (fixtures.length === 0) return null;
    const part = this.part(`${league.id}\u0000${season}`, version);
    const rules = async () => {
      const [group] = await this.rules.scoringGroups(db, [league.id], season);
      if (!group) throw new Error(`no scoring rules for league ${league.id}`);
      return group.rules;
    };
    return readLiveTable(db, league, season, fixtures, query, viewerId, rules, part);
  }

  /** The league's statistics of a season, and one team's (TEAM_NOT_FOUND when not the league's). */
  async statistics(
    league: { id: string; competitionId: string },
    season: string | null,
    teamId: string | undefined,
  ) {
    const key = `statistics\u0000${league.id}\u0000${season ?? ''}`;
    const part = this.part(key, season === null ? 0 : await this.currentVersion(league));
    return readStatistics(this.database.db, league, season, teamId, part);
  }
}
