import { saveGroupConnections, type PipelinedConnection } from './database';

/** A statement of a group's transaction: SQL text with $n parameters, its rows. */
export type GroupQuery = <R = Record<string, unknown>>(
  text: string,
  params: readonly unknown[],
) => Promise<R[]>;

/** A statement and its parameters. */
export type GroupStatement = readonly [text: string, params: readonly unknown[]];

/** The statements of a group's transaction. */
export interface GroupStatements {
  /** Runs a statement; the group's first goes out together with its BEGIN. */
  query: GroupQuery;
  /**
   * Runs several statements sent in one write (the group's first with its BEGIN): PostgreSQL
   * runs them one after another, each seeing what committed before it started. Their rows, in
   * order, once all are answered.
   */
  queries: <R extends unknown[][]>(statements: readonly GroupStatement[]) => Promise<R>;
  /**
   * Runs the group's last statement and commits: the COMMIT goes out with it, and both are
   * answered before this settles. Nothing may be asked after it. Without it the group commits
   * after `work` returns.
   */
  last: GroupQuery;
}

/** What a group's work says of each of its units, in their order. */
export type UnitOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface PostgresGroups<U, R> {
  /** Runs `unit` in the next group; settles once that group's commit is done. */
  run: (unit: U) => Promise<R>;
  /** Units waiting, groups running, and groups and units run so far (metrics, tests). */
  state: () => { queued: number; running: number; groups: number; units: number };
}

interface Entry<U, R> {
  unit: U;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit on PostgreSQL (issue 30, docs/decisions/022): units asked for while the previous
 * groups run wait, then run together in one transaction on one pooled connection — a handful of
 * statements for the whole group instead of several round trips and a commit each. `work` reads
 * for every unit at once, decides each (a unit refused by a rule is an outcome, not a failure of
 * the group) and writes what was decided, in one `BEGIN … COMMIT`; every unit's promise settles
 * only after the commit, so nothing is acknowledged before it is durable.
 *
 * - Units with the same `key` (one team) never share a group: the later one waits for the next,
 *   so it reads what the earlier one wrote.
 * - At most `inFlight` groups run at once (each holds a connection); a group takes at most
 *   `maxUnits`.
 * - When the group's transaction fails (a deadlock's victim, a lost connection), nothing of it is
 *   stored and each unit runs again on its own through `alone` (with the usual retries).
 * - The connection is in pipeline mode (`Database.pipelined`): BEGIN is sent with the first
 *   statement and COMMIT with the last, and statements asked for together (`queries`) leave in
 *   one write, so a group of two reads and a write waits for two round trips, not five. A failed statement fails the ones sent behind it in the transaction (a
 *   COMMIT after a failure only rolls back), so nothing is stored.
 */
export const postgresGroups = <U, R>(
  connect: () => Promise<PipelinedConnection>,
  options: {
    key: (unit: U) => string;
    work: (statements: GroupStatements, units: U[]) => Promise<UnitOutcome<R>[]>;
    alone: (unit: U) => Promise<R>;
    maxUnits?: number;
    inFlight?: number;
  },
): PostgresGroups<U, R> => {
  const maxUnits = options.maxUnits ?? 200;
  const inFlight = Math.min(options.inFlight ?? 2, saveGroupConnections);
  let queue: Entry<U, R>[] = [];
  let running = 0;
  let scheduled = false;
  let groups = 0;
  let units = 0;

  /** One group's transaction; its units' outcomes once the commit is done. */
  const transaction = async (connection: PipelinedConnection, units: U[]) => {
    let begun: Promise<unknown> | null = null;
    let committed: Promise<unknown> | null = null;
    /**
     * Sends statements in one write (after the BEGIN, which goes out with the first; with the
     * COMMIT after them when `commit`); their rows once all of it is answered. A failed BEGIN
     * fails them too.
     */
    const send = async (statements: readonly GroupStatement[], commit: boolean) => {
      if (committed) throw new Error('a statement after the group committed');
      const sent = connection.together(() => {
        begun ??= connection.query('begin', []);
        const rows = statements.map(([text, params]) => connection.query(text, params));
        if (commit) committed = connection.query('commit', []);
        return [begun, ...rows, ...(committed ? [committed] : [])];
      });
      return (await Promise.all(sent)).slice(1, 1 + statements.length) as unknown[][];
    };
    const statements: GroupStatements = {
      query: async <T>(text: string, params: readonly unknown[]) =>
        (await send([[text, params]], false))[0] as T[],
      queries: async <R extends unknown[][]>(list: readonly GroupStatement[]) =>
        (await send(list, false)) as R,
      last: async <T>(text: string, params: readonly unknown[]) =>
        (await send([[text, params]], true))[0] as T[],
    };
    const outcomes = await options.work(statements, units);
    if (begun) await (committed ?? connection.query('commit', []));
    return outcomes;
  };

  const runGroup = async (group: Entry<U, R>[]) => {
    let outcomes: UnitOutcome<R>[];
    try {
      const connection = await connect();
      try {
        outcomes = await transaction(
          connection,
          group.map((e) => e.unit),
        );
        connection.release();
      } catch (error) {
        // The transaction may still be open: the connection is closed, not pooled.
        connection.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    } catch {
      // Nothing of the group is stored: each unit on its own.
      await Promise.all(group.map((e) => options.alone(e.unit).then(e.resolve, e.reject)));
      return;
    }
    group.forEach((e, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) e.resolve(outcome.value);
      else e.reject(outcome ? outcome.error : new Error('a unit of the group went unanswered'));
    });
  };

  const pump = () => {
    while (running < inFlight && queue.length > 0) {
      const group: Entry<U, R>[] = [];
      const later: Entry<U, R>[] = [];
      const keys = new Set<string>();
      for (const entry of queue) {
        const key = options.key(entry.unit);
        if (group.length < maxUnits && !keys.has(key)) {
          keys.add(key);
          group.push(entry);
        } else later.push(entry);
      }
      queue = later;
      running += 1;
      groups += 1;
      units += group.length;
      void runGroup(group).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  return {
    run: (unit) =>
      new Promise<R>((resolve, reject) => {
        queue.push({ unit, resolve, reject });
        if (scheduled) return;
        scheduled = true;
        // Units asked for in this turn of the event loop join the same group.
        setImmediate(() => {
          scheduled = false;
          pump();
        });
      }),
    state: () => ({ queued: queue.length, running, groups, units }),
  };
};
