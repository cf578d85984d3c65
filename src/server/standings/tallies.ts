import { addBonusTotals } from '../bonus/repository';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import { inDerivedTransaction } from '../db/transaction';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import {
  countBatch,
  defaultPartTeams,
  firstBatch,
  inParts,
  lockLeagues,
  moveBatch,
  nextLeagues,
  resize,
  targetOf,
  yieldToEventLoop,
} from './tally-batches';
import { rebuildGroups } from '../leagues/rules-repository';
import { rebuildLeagues, untally } from './tally-sql';
import * as runs from './tally-repository';
import { markLeaguesChanged } from './versions';

type Db = Kysely<DB> | Transaction<DB>;

/** A league re-scored for new rules moves in parts of this many teams (a season's picks each). */
const rulesPartTeams = 100;

/**
 * Derived totals move in runs of league batches (DESIGN §3): a fixture's change commits first
 * with a `tally_runs` row, then each batch of leagues moves from old to new totals in its own
 * short transaction and records the last league done. Between batches the event loop is free,
 * so a fixture predicted by a million teams never stalls other requests; a run cut short by a
 * restart resumes from its cursor, and a second change of the same fixture restarts its run.
 */

/** Queues a tally run for the fixture, in the transaction that changes it. */
export const queueTally = (trx: Db, fixtureId: string, at: string) =>
  runs.queueRun(trx, fixtureId, at);

/**
 * Before a fixture moves to another round, its predictions leave the old round's totals (in the
 * same transaction); the queued run counts them under the new one.
 */
export const untallyFixture = untally;

export class TallyWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Per fixture: predictions seen and those that gained points, over a run from its start. */
  private readonly counts = new Map<string, { total: number; gained: number; complete: boolean }>();

  constructor(
    private readonly database: Database,
    private readonly logger?: Logger,
    /** Teams per part of a large league (tests make it small). */
    private readonly partTeams = defaultPartTeams,
  ) {}

  /** Runs every queued tally to its end; resolves once a pass begun after the call is done. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * The fixture's predictions and those that gained points, counted by its last complete run
   * (so the admin's answer needs no scan of a million rows); null when no run counted them all.
   */
  takeCounts(fixtureId: string) {
    const counts = this.counts.get(fixtureId);
    this.counts.delete(fixtureId);
    return counts?.complete ? { total: counts.total, gained: counts.gained } : null;
  }

  /** The fixture's predictions its run has moved so far (a run still going on). */
  countedSoFar(fixtureId: string) {
    return this.counts.get(fixtureId)?.total ?? 0;
  }

  /** Lets the batch in progress finish and starts no other (shutdown). */
  async stop() {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  private async loop() {
    do {
      this.again = false;
      for (const fixtureId of await runs.queuedFixtures(this.database.db)) {
        if (this.stopped) return;
        await this.run(fixtureId);
      }
    } while (this.again && !this.stopped);
  }

  private async run(fixtureId: string) {
    const { db } = this.database;
    let size = firstBatch;
    for (;;) {
      if (this.stopped) return;
      const run = await runs.findRun(db, fixtureId);
      const fixture = run ? await targetOf(db, fixtureId) : null;
      if (!run || !fixture) return;
      const batch = await nextLeagues(db, fixture.competitionId, run.cursor, size, this.partTeams);
      const leagues = batch.ids;
      const last = leagues[leagues.length - 1];
      if (last === undefined) {
        const counted = this.counts.get(fixtureId);
        if (counted) counted.complete = true;
        await runs.finishRun(db, fixtureId, run.generation);
        return;
      }
      const started = performance.now();
      if (run.cursor === '') this.counts.set(fixtureId, { total: 0, gained: 0, complete: false });
      const counted = await inDerivedTransaction(this.database, async (trx) => {
        await lockLeagues(this.database, trx, leagues);
        await markLeaguesChanged(trx, leagues);
        // Read again inside the batch: the totals move to the fixture as it now is.
        const now = await targetOf(trx, fixtureId);
        if (!now) return { total: 0, gained: 0 };
        const at = new Date().toISOString();
        await moveBatch(trx, this.database.dialect, now.target, batch, this.partTeams, at);
        await runs.advanceRun(trx, fixtureId, run.generation, last);
        await yieldToEventLoop();
        const batchCounts = await countBatch(trx, fixtureId, leagues);
        // The commit writes the batch's pages to the log (tens of milliseconds for a large
        // league on SQLite): its own turn of the event loop, not one with the count.
        await yieldToEventLoop();
        return batchCounts;
      });
      const sum = this.counts.get(fixtureId);
      if (sum) {
        sum.total += counted.total;
        sum.gained += counted.gained;
      }
      // A large league in parts says nothing about the size of the next batch.
      if (batch.ids.length > 1 || batch.teams <= this.partTeams)
        size = resize(size, performance.now() - started);
      await yieldToEventLoop();
    }
  }

  /**
   * Before a league's table or picks are read: fixtures whose runs have not reached this league
   * yet are tallied for it now — its own predictions only, in one short transaction (a large
   * league in parts) — so a table read right after a result counts it, wherever the run in the
   * background is. The run finds nothing left to move here when it arrives (every step moves
   * only rows whose tally differs). Nothing pending: one search of the small `tally_runs` table.
   */
  async catchUpLeague(league: { id: string; competitionId: string }) {
    const { db } = this.database;
    const pending = await runs.runsBehindLeague(db, league.competitionId, league.id);
    if (pending.length === 0) return;
    const teams = await runs.teamCount(db, league.id);
    for (const fixtureId of pending) {
      await inDerivedTransaction(this.database, async (trx) => {
        await lockLeagues(this.database, trx, [league.id]);
        await markLeaguesChanged(trx, [league.id]);
        const now = await targetOf(trx, fixtureId);
        if (!now) return;
        const at = new Date().toISOString();
        const batch = { ids: [league.id], teams };
        await moveBatch(trx, this.database.dialect, now.target, batch, this.partTeams, at);
        await yieldToEventLoop(); // the commit in a turn of its own
      });
    }
  }

  /**
   * 'Rebuild standings' of a competition: every league's totals summed afresh from its
   * predictions, a batch of leagues per transaction. Returns the leagues rebuilt.
   */
  async rebuildCompetition(competitionId: string) {
    const { db } = this.database;
    let cursor = '';
    let size = firstBatch;
    let leaguesDone = 0;
    for (;;) {
      const batch = await nextLeagues(db, competitionId, cursor, size, this.partTeams);
      const leagues = batch.ids;
      const last = leagues[leagues.length - 1];
      if (last === undefined) break;
      const started = performance.now();
      await inDerivedTransaction(this.database, async (trx) => {
        await lockLeagues(this.database, trx, leagues);
        await markLeaguesChanged(trx, leagues);
        const at = new Date().toISOString();
        const groups = await rebuildGroups(trx, leagues);
        await inParts(trx, batch, this.partTeams, async (names) => {
          for (const group of groups)
            await rebuildLeagues(trx, group.leagueIds, at, names, group.changes);
          await addBonusTotals(trx, leagues, names);
        });
        await yieldToEventLoop(); // the commit in a turn of its own
      });
      leaguesDone += leagues.length;
      cursor = last;
      // A large league in parts says nothing about the size of the next batch.
      if (batch.ids.length > 1 || batch.teams <= this.partTeams)
        size = resize(size, performance.now() - started);
      await yieldToEventLoop();
    }
    return leaguesDone;
  }

  /**
   * One league's totals summed afresh from its predictions (its rules changed): one transaction,
   * so the table moves from old to new in one step; a large league in parts of `rulesPartTeams`
   * (each re-scores every prediction of its teams), the event loop free between them.
   */
  async rebuildLeague(leagueId: string) {
    const { db } = this.database;
    const teams = await runs.teamCount(db, leagueId);
    const batch = { ids: [leagueId], teams };
    await inDerivedTransaction(this.database, async (trx) => {
      await lockLeagues(this.database, trx, [leagueId]);
      await markLeaguesChanged(trx, [leagueId]);
      const at = new Date().toISOString();
      const groups = await rebuildGroups(trx, [leagueId]);
      await inParts(trx, batch, Math.min(this.partTeams, rulesPartTeams), async (names) => {
        for (const group of groups)
          await rebuildLeagues(trx, group.leagueIds, at, names, group.changes);
        await addBonusTotals(trx, [leagueId], names);
      });
      await yieldToEventLoop(); // the commit in a turn of its own
    });
  }

  /**
   * At start: predictions the totals do not hold yet (a bulk load, a run cut short) get a run
   * per fixture, worked through in the background.
   */
  resume() {
    void this.catchUp().catch((error: unknown) =>
      this.logger?.error({ err: error }, 'standings totals could not be brought up to date'),
    );
  }

  /** Queues a run for every fixture with predictions the totals do not hold, and runs them. */
  async catchUp() {
    const { db } = this.database;
    const at = new Date().toISOString();
    for (const fixtureId of await runs.fixturesWithUntallied(db))
      await runs.queueRun(db, fixtureId, at);
    await this.drain();
  }
}

const workers = new WeakMap<Database, TallyWorker>();

/** The worker of a database (one per process and database). */
export const talliesOf = (database: Database, logger?: Logger) => {
  let worker = workers.get(database);
  if (!worker) {
    worker = new TallyWorker(database, logger);
    workers.set(database, worker);
  }
  return worker;
};
