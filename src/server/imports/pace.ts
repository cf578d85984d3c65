import type { Steps } from '../../domain/steps';
import { yieldToEventLoop } from '../runtime/event-loop';

/**
 * About how long an import works before the event loop gets a turn. On SQLite nothing else
 * would give it one: better-sqlite3 answers synchronously and a transaction keeps the connection,
 * so reading, planning and writing a 4,000-row file ran in one turn (issue 26). A yield inside the
 * open transaction is safe: other uses of the connection wait for it (db/database.ts, direct.ts).
 */
const sliceMs = 20;

/** Call between units of work; `now` yields a turn whatever the time (before a commit). */
export type Pace = (now?: boolean) => Promise<void>;

/** A pace that yields a turn once `sliceMs` has passed since the last. */
export const pacer = (budgetMs = sliceMs): Pace => {
  let since = performance.now();
  return async (now = false) => {
    if (!now && performance.now() - since < budgetMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
};

/** Runs a pure computation's steps (domain/steps.ts) in slices of about `sliceMs`. */
export const runInSlices = async <T>(steps: Steps<T>, pace: Pace): Promise<T> => {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pace();
  }
};
