/**
 * A long pure computation written as a generator that yields after each unit of work (a row of
 * a file) and returns its result. Whoever runs it chooses the pace: all at once (`runSteps`), or
 * the server in slices with the event loop free in between (a 5,000-row import, issue 26).
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step at once and returns the result. */
export const runSteps = <T>(steps: Steps<T>): T => {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
};
