import { ThrottledError } from '../throttle/throttle';

/**
 * Open live streams per client address (LIVE_STREAMS_PER_ADDRESS). Counted in this instance's
 * memory, not in the database like the throttles: what a stream costs (its socket, its bus
 * subscription, its buffers) lives in the one instance that serves it, so the cap bounds what one
 * address can hold of that instance, and nothing is left counted when an instance stops.
 */
const open = new Map<string, number>();

/** A refused stream may try again when the client has closed some (EventSource does not retry). */
const retryAfterSeconds = 30;

/**
 * Takes one stream's place for `address`, or throws 429 TOO_MANY_STREAMS when it holds `limit`
 * already. Returns the function that gives the place back; calling it again does nothing.
 */
export const takeStreamPlace = (address: string, limit: number): (() => void) => {
  const count = open.get(address) ?? 0;
  if (count >= limit) throw new ThrottledError('TOO_MANY_STREAMS', retryAfterSeconds);
  open.set(address, count + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (open.get(address) ?? 1) - 1;
    if (left > 0) open.set(address, left);
    else open.delete(address);
  };
};

/** How many streams `address` holds open in this instance now. */
export const streamsHeld = (address: string) => open.get(address) ?? 0;
