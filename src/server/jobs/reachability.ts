import type { Logger } from '../logger';

/**
 * What the background jobs say about the outside sources they read (openfootball, ESPN,
 * OpenLigaDB). Offline, every source goes at once, each job finding it in its own first run a
 * few seconds apart: the sources that go away within `gatherMs` of the first are named in one
 * warning. A source that is back says so once (info); one back before the warning is dropped
 * from it. Jobs started on their own get their own, which warns at once.
 */
export interface Reachability {
  /** The source could not be reached (every request of a run failed). */
  away(source: string, error?: string | null): void;
  /**
   * The source answered again. `wasAway`: known to have been away elsewhere (another instance,
   * before a restart), so it is said even if this process did not see it go.
   */
  back(source: string, wasAway?: boolean): void;
  /** Says the gathered warning now (when the jobs stop). */
  flush(): void;
}

export const createReachability = (logger: Logger, { gatherMs = 0 } = {}): Reachability => {
  const gone = new Set<string>();
  const pending = new Map<string, string | null | undefined>();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const sources = [...pending.keys()];
    const errors = [...pending.values()];
    pending.clear();
    logger.warn(
      { sources, errors },
      `${listed(sources)} cannot be reached; fixtures, scores and first-goal minutes stay as they are until they can (or an admin sets them), retrying with backoff`,
    );
  };

  return {
    away(source, error) {
      if (gone.has(source)) return;
      gone.add(source);
      pending.set(source, error);
      if (gatherMs <= 0) flush();
      else if (!timer) {
        timer = setTimeout(flush, gatherMs);
        timer.unref();
      }
    },
    back(source, wasAway = false) {
      if (pending.delete(source)) {
        gone.delete(source);
        return;
      }
      if (gone.delete(source) || wasAway) logger.info({ source }, `${source} can be reached again`);
    },
    flush,
  };
};

const listed = (names: string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
