/**
 * Gives the event loop a turn (timers, sockets, other requests) in the middle of long work: a
 * tally batch, a large import, a league's statistics read in chunks.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
