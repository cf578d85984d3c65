import type SQLite from 'better-sqlite3';
import { queryDuration } from '../runtime/metrics';

/** Prepared statements by their SQL text, run synchronously (better-sqlite3's own calls). */
export interface DirectStatements {
  all: <R>(text: string, ...params: unknown[]) => R[];
  get: <R>(text: string, ...params: unknown[]) => R | undefined;
  /** Returns the number of rows changed. */
  run: (text: string, ...params: unknown[]) => number;
}

export interface DirectSqlite {
  /**
   * Runs `work` synchronously as one unit of a group commit (below) and resolves with its result
   * once that is committed; a throw undoes only this unit and rejects with it.
   */
  transaction: <T>(work: (statements: DirectStatements) => T) => Promise<T>;
  /** Units waiting for the next group. */
  queued: () => number;
}

interface Unit {
  work: (statements: DirectStatements) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** How long one group may run before the rest waits for the event loop's next turn. */
const groupBudgetMs = 4;

/**
 * Group commit for the hottest writes (docs/decisions/010): units asked for in one turn of the
 * event loop run back to back, each in its own savepoint, inside one `BEGIN IMMEDIATE … COMMIT`
 * — a rush of saves pays for one commit per turn instead of one each. A unit that throws is
 * rolled back to its savepoint alone; every unit's promise settles only after the commit. A group
 * stops after `groupBudgetMs`, so timers and sockets get their turn; the rest forms the next.
 *
 * `whenFree` runs its argument once no Kysely transaction holds the connection (they span
 * awaits; a group must never run inside one) and writes are not held (`held`, checkpointer.ts).
 */
export const groupCommit = (
  connection: SQLite.Database,
  statements: DirectStatements,
  whenFree: (run: () => void) => Promise<void>,
  held: () => boolean = () => false,
): DirectSqlite => {
  let queue: Unit[] = [];
  let scheduled = false;

  const runUnit = connection.transaction((unit: Unit) => unit.work(statements));
  const runGroup = connection.transaction((units: Unit[]) => {
    const started = performance.now();
    const done: { unit: Unit; ok: boolean; value: unknown }[] = [];
    for (const unit of units) {
      if (done.length > 0 && performance.now() - started > groupBudgetMs) break;
      try {
        done.push({ unit, ok: true, value: runUnit(unit) });
      } catch (error) {
        done.push({ unit, ok: false, value: error });
      }
    }
    return done;
  });

  const flush = () => {
    const units = queue;
    queue = [];
    let done: ReturnType<typeof runGroup>;
    const started = performance.now();
    try {
      // Saves are acknowledged only once on disk: never commit a group at the level a derived
      // transaction sets for itself (inDerivedTransaction), whatever ran just before.
      if (connection.pragma('synchronous', { simple: true }) !== 2)
        connection.pragma('synchronous = FULL');
      done = runGroup.immediate(units);
      queryDuration.observe(
        { dialect: 'sqlite', kind: 'group-commit' },
        (performance.now() - started) / 1000,
      );
    } catch (error) {
      // The commit itself failed: nothing of the group is stored.
      for (const unit of units) unit.reject(error);
      return;
    }
    for (const { unit, ok, value } of done) (ok ? unit.resolve : unit.reject)(value);
    // Units past the budget go first in the next group.
    if (done.length < units.length) queue = [...units.slice(done.length), ...queue];
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      const run = () => {
        scheduled = false;
        flush();
        if (queue.length > 0) schedule();
      };
      if (!connection.inTransaction && !held()) run();
      else
        whenFree(run).catch((error: unknown) => {
          scheduled = false;
          const units = queue;
          queue = [];
          for (const unit of units) unit.reject(error);
        });
    });
  };

  return {
    transaction: <T>(work: (statements: DirectStatements) => T) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      }),
    queued: () => queue.length,
  };
};
