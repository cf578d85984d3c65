import type { Database } from '../db/database';
import { inDerivedTransaction } from '../db/transaction';
import type { Logger } from '../logger';
import { addBonusTotals } from './bonus-repository';
import { fillMissingTotals, totalsComplete } from './repository';
import type { LeagueRulesSource } from './rules-source';
import {
  batchBudgetMs,
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
import { rebuildLeagues } from './tally-sql';
import { runsBehindLeague } from '../fixtures/season-repository';
import { fixturesWithUntallied } from '../predictions-store/fixture-repository';
import * as runs from './tally-repository';
import { markLeaguesChanged } from './versions-repository';

/**
 * PostgreSQL: batches of a run or a rebuild in flight at once, each in a database backend of its
 * own (decision 023).
 */
const rebuildsAtOnce = 2;

/** A league re-scored for new rules moves in parts of this many teams (a season's picks each). */
const rulesPartTeams = 100;

/** How long a read waits for the worker to bring its league up to date (decision 012). */
const currentWithinMs = 2000;

/**
 * Derived totals move in runs of league batches (docs/design.md §3): a fixture's change commits first
 * with a `tally_runs` row, then each batch of leagues moves from old to new totals in its own
 * short transaction and records the last league done. Between batches the event loop is free,
 * so a fixture predicted by a million teams never stalls other requests; a run cut short by a
 * restart resumes from its cursor, and a second change of the same fixture restarts its run.
 *
 * The worker is the only writer of derived totals outside the transactions that change picks,
 * results and teams: a read that finds its league behind asks the worker to move that league
 * next and waits for it (`makeCurrent`); it writes nothing itself.
 */
export class TallyWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Per fixture: predictions seen and those that gained points, over a run from its start. */
  private readonly counts = new Map<string, { total: number; gained: number; complete: boolean }>();
  /** Leagues a read waits for, served before the next batch of any run. */
  private readonly wanted = new Map<string, Wanted>();
  /** Serving waiting reads while no run goes on. */
  private serving: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly rules: LeagueRulesSource,
    private readonly now: () => Date,
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
    for (const w of this.wanted.values()) w.done();
    this.wanted.clear();
    await this.running?.catch(() => undefined);
  }

  /**
   * Before a league's table or picks are read: fixtures whose runs have not reached this league
   * yet (and, with a season, teams that have no totals row in it yet) are the worker's next work,
   * and the read waits for it — at most 2 s, then it reads what is there. Nothing pending: one
   * search of the small `tally_runs` table. True when the read waited.
   */
  async makeCurrent(league: { id: string; competitionId: string }, season?: string) {
    if (this.stopped) return false;
    const { db } = this.database;
    const behind = await runsBehindLeague(db, league.competitionId, league.id);
    const fill = season !== undefined && !(await totalsComplete(db, league.id, season));
    if (behind.length === 0 && !fill) return false;
    let wanted = this.wanted.get(league.id);
    if (!wanted) {
      let done = () => undefined as void;
      const settled = new Promise<void>((resolve) => {
        done = resolve;
      });
      wanted = { league, seasons: new Set(), settled, done };
      this.wanted.set(league.id, wanted);
    }
    if (fill) wanted.seasons.add(season);
    this.serveSoon();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      wanted.settled,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, currentWithinMs);
      }),
    ]);
    clearTimeout(timer);
    return true;
  }

  /**
   * A run going on serves waiting reads between its batches; otherwise they are served now (and
   * only they: queued runs belong to whoever drains them, maybe another instance).
   */
  private serveSoon() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.serving ??= this.serveWanted()
      .catch((error: unknown) =>
        this.logger?.error({ err: error }, 'standings totals could not be brought up to date'),
      )
      .finally(() => {
        this.serving = null;
        if (this.wanted.size > 0 && !this.stopped) this.serveSoon();
      });
  }

  private async loop() {
    do {
      this.again = false;
      await this.serveWanted();
      for (const fixtureId of await runs.queuedFixtures(this.database.db)) {
        if (this.stopped) return;
        await this.run(fixtureId);
      }
      await this.serveWanted();
    } while ((this.again || this.wanted.size > 0) && !this.stopped);
  }

  /** Brings the leagues reads wait for up to date: each in short transactions of its own. */
  private async serveWanted() {
    for (const [id, wanted] of [...this.wanted]) {
      if (this.stopped) return;
      this.wanted.delete(id);
      try {
        await this.moveLeague(wanted.league, [...wanted.seasons]);
      } finally {
        wanted.done();
      }
    }
  }

  private async moveLeague(league: { id: string; competitionId: string }, seasons: string[]) {
    const { db } = this.database;
    const teams = await runs.teamCount(db, league.id);
    for (const fixtureId of await runsBehindLeague(db, league.competitionId, league.id)) {
      await inDerivedTransaction(this.database, async (trx) => {
        await lockLeagues(this.database, trx, [league.id]);
        await markLeaguesChanged(trx, [league.id]);
        const now = await targetOf(trx, fixtureId);
        if (!now) return;
        const batch = { ids: [league.id], teams };
        await moveBatch(trx, this.database.dialect, this.rules, now.target, batch, this.partTeams);
        await yieldToEventLoop(); // the commit in a turn of its own
      });
    }
    // Teams without a totals row in a season (new teams, a new season, a bulk load) get an empty
    // one, so every team of the league is ranked.
    for (const season of seasons)
      await inDerivedTransaction(this.database, async (trx) => {
        await fillMissingTotals(trx, league.id, season);
        await markLeaguesChanged(trx, [league.id]);
      });
  }

  /**
   * One fixture's run, a batch of leagues per transaction. On PostgreSQL two batches go at once
   * (each in a backend of its own, on leagues of its own: the database's cores work while the
   * other batch's round trips wait), as a rebuild's do; on SQLite one after another.
   *
   * The run's cursor stays a safe place to resume from: a batch that commits while an earlier one
   * of the run is still in flight records where that one started, never past it (a restart may
   * move a batch again, which changes nothing: tally-sql.ts), and it never moves back.
   */
  private async run(fixtureId: string) {
    const { db, dialect } = this.database;
    let size = firstBatch;
    let generation: number | null = null;
    let position = '';
    let finished: number | null = null;
    const inFlight: { start: string; last: string; generation: number }[] = [];

    // The next batch after the last one taken (taken one at a time); reads waiting for their
    // league go first.
    let taking: Promise<unknown> = Promise.resolve();
    const take = () => {
      const next = taking.then(async () => {
        if (this.stopped || finished !== null) return null;
        await this.serveWanted();
        const run = await runs.findRun(db, fixtureId);
        const fixture = run ? await targetOf(db, fixtureId) : null;
        if (!run || !fixture) {
          finished = -1;
          return null;
        }
        // A change of the fixture restarted its run: from its cursor again.
        if (run.generation !== generation) {
          generation = run.generation;
          position = run.cursor;
        }
        const batch = await nextLeagues(db, fixture.competitionId, position, size, this.partTeams);
        const last = batch.ids[batch.ids.length - 1];
        if (last === undefined) {
          finished = run.generation;
          return null;
        }
        const entry = { start: position, last, generation: run.generation, batch };
        position = last;
        inFlight.push(entry);
        return entry;
      });
      taking = next.catch(() => undefined);
      return next;
    };

    const lane = async () => {
      for (;;) {
        const entry = await take();
        if (!entry) return;
        const { batch } = entry;
        const leagues = batch.ids;
        const started = performance.now();
        if (entry.start === '')
          this.counts.set(fixtureId, { total: 0, gained: 0, complete: false });
        try {
          const counted = await inDerivedTransaction(this.database, async (trx) => {
            await lockLeagues(this.database, trx, leagues);
            await markLeaguesChanged(trx, leagues);
            // Read again inside the batch: the totals move to the fixture as it now is.
            const now = await targetOf(trx, fixtureId);
            if (!now) return { total: 0, gained: 0 };
            await moveBatch(trx, dialect, this.rules, now.target, batch, this.partTeams);
            // Batches are in flight in the order they were taken: the oldest, if not this one.
            const oldest = inFlight[0];
            const earlier =
              oldest && oldest !== entry && oldest.generation === entry.generation
                ? oldest
                : undefined;
            await runs.advanceRun(
              trx,
              fixtureId,
              entry.generation,
              earlier ? earlier.start : entry.last,
            );
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
        } finally {
          inFlight.splice(inFlight.indexOf(entry), 1);
        }
        // A large league in parts says nothing about the size of the next batch.
        if (batch.ids.length > 1 || batch.teams <= this.partTeams)
          size = resize(size, performance.now() - started, batchBudgetMs(dialect));
        await yieldToEventLoop();
      }
    };

    let failed = false;
    await Promise.all(
      Array.from({ length: dialect === 'postgres' ? rebuildsAtOnce : 1 }, () =>
        lane().catch((error: unknown) => {
          failed = true;
          finished = -1;
          throw error;
        }),
      ),
    );
    // Every batch has committed: the run is done, unless a change restarted it meanwhile.
    if (!failed && finished !== null && finished >= 0) {
      const counted = this.counts.get(fixtureId);
      if (counted) counted.complete = true;
      await runs.finishRun(db, fixtureId, finished);
    }
  }

  /**
   * 'Rebuild standings' of a competition: every league's totals summed afresh from its
   * predictions, a batch of leagues per transaction. On PostgreSQL two batches go at once (each
   * a backend's work on its own leagues; decision 023). Returns the leagues rebuilt.
   */
  async rebuildCompetition(competitionId: string) {
    const { db, dialect } = this.database;
    const budget = batchBudgetMs(dialect);
    let cursor = '';
    let size = firstBatch;
    let leaguesDone = 0;
    let failed = false;
    // The next batch after the last one taken (taken one at a time).
    let taking: Promise<unknown> = Promise.resolve();
    const take = () => {
      const next = taking.then(async () => {
        const batch = await nextLeagues(db, competitionId, cursor, size, this.partTeams);
        cursor = batch.ids[batch.ids.length - 1] ?? cursor;
        return batch;
      });
      taking = next.catch(() => undefined);
      return next;
    };
    const rebuildBatches = async () => {
      while (!failed) {
        const batch = await take();
        const leagues = batch.ids;
        if (leagues.length === 0) return;
        const started = performance.now();
        await inDerivedTransaction(this.database, async (trx) => {
          await lockLeagues(this.database, trx, leagues);
          await markLeaguesChanged(trx, leagues);
          const groups = await this.rules.rebuildGroups(trx, leagues);
          await inParts(trx, batch, this.partTeams, async (names) => {
            for (const group of groups)
              await rebuildLeagues(trx, group.leagueIds, names, group.changes);
            await addBonusTotals(trx, leagues, names);
          });
          await yieldToEventLoop(); // the commit in a turn of its own
        });
        leaguesDone += leagues.length;
        // A large league in parts says nothing about the size of the next batch.
        if (batch.ids.length > 1 || batch.teams <= this.partTeams)
          size = resize(size, performance.now() - started, budget);
        await yieldToEventLoop();
      }
    };
    await Promise.all(
      Array.from({ length: dialect === 'postgres' ? rebuildsAtOnce : 1 }, () =>
        rebuildBatches().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
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
      const groups = await this.rules.rebuildGroups(trx, [leagueId]);
      await inParts(trx, batch, Math.min(this.partTeams, rulesPartTeams), async (names) => {
        for (const group of groups)
          await rebuildLeagues(trx, group.leagueIds, names, group.changes);
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
    const at = this.now().toISOString();
    for (const fixtureId of await fixturesWithUntallied(db)) await runs.queueRun(db, fixtureId, at);
    await this.drain();
  }
}

interface Wanted {
  league: { id: string; competitionId: string };
  /** Seasons whose missing totals rows to add. */
  seasons: Set<string>;
  settled: Promise<void>;
  done: () => void;
}
