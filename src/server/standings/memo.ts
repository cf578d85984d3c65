import type { Database } from '../db/database';

/**
 * Parts of league tables kept in memory under the league's standings version (versions.ts): the
 * summary, ranked pages, round pages, a team's place. A read whose version matches takes them
 * from here; a read that finds the version moved drops the league's parts and ranks afresh. The
 * version comes from the database on every read, so instances sharing a PostgreSQL database
 * never serve each other's stale pages. Bounded: the leagues read most recently, a few dozen
 * parts each.
 */
export class StandingsMemo {
  private readonly leagues = new Map<string, { version: number; parts: Map<string, unknown> }>();

  constructor(
    private readonly maxLeagues = 200,
    private readonly maxParts = 32,
  ) {}

  /**
   * The part `key` of the league's table at `version`, computed once. A part computed while a
   * change committed is at least as new as `version` (the version is read before the part): the
   * next read sees the new version and computes again.
   */
  async part<T>(league: string, version: number, key: string, compute: () => Promise<T>) {
    let entry = this.leagues.get(league);
    if (entry?.version !== version) {
      entry = { version, parts: new Map() };
    }
    // Most recently used last.
    this.leagues.delete(league);
    this.leagues.set(league, entry);
    if (this.leagues.size > this.maxLeagues) {
      const oldest = this.leagues.keys().next().value;
      if (oldest !== undefined) this.leagues.delete(oldest);
    }
    if (entry.parts.has(key)) {
      const value = entry.parts.get(key) as T;
      entry.parts.delete(key);
      entry.parts.set(key, value);
      return value;
    }
    const value = await compute();
    // The league may have moved on meanwhile; then this part belongs to no entry.
    if (this.leagues.get(league) === entry) {
      entry.parts.set(key, value);
      if (entry.parts.size > this.maxParts) {
        const oldest = entry.parts.keys().next().value;
        if (oldest !== undefined) entry.parts.delete(oldest);
      }
    }
    return value;
  }
}

const memos = new WeakMap<Database, StandingsMemo>();

/** The memo of a database (one per process and database). */
export const standingsMemo = (database: Database) => {
  let memo = memos.get(database);
  if (!memo) {
    memo = new StandingsMemo();
    memos.set(database, memo);
  }
  return memo;
};
