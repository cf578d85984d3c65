import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/*
 * better-auth keeps its request state in AsyncLocalStorage stores. On Node 20 an enabled store
 * runs a hook on every promise the whole process makes, for as long as it stays enabled: after
 * the first sign-in, every save of the kick-off rush paid for a store only sign-ins read (a
 * fifth of a microsecond a promise, a few microseconds a request). So every call into
 * better-auth is counted, and when none is running the stores are switched off; better-auth's
 * next call switches them on again (`run`). A call counts from its first step to its answer, so
 * nothing of better-auth's reads a store while it is off.
 */
const authStores = Promise.all([
  getRequestStateAsyncLocalStorage(),
  getCurrentAuthContextAsyncLocalStorage(),
  getCurrentDBAdapterAsyncLocalStorage(),
]);
let authCallsRunning = 0;

const counted = async <T>(call: () => T): Promise<Awaited<T>> => {
  authCallsRunning += 1;
  try {
    return await call();
  } finally {
    authCallsRunning -= 1;
    const stores = await authStores;
    // Checked again after the wait: a call that started meanwhile keeps them on.
    if (authCallsRunning === 0) for (const store of stores) store.disable();
  }
};

const countCalls = <F>(f: F): F =>
  typeof f === 'function'
    ? new Proxy(f, {
        apply: (target, self, args) =>
          counted(() => Reflect.apply(target as (...a: unknown[]) => unknown, self, args)),
      })
    : f;

/** The same better-auth, each call into it (its handler, every endpoint of `api`) counted. */
export const countAuthCalls = <A extends { api: object; handler: unknown }>(auth: A): A => {
  const api = Object.fromEntries(
    Object.entries(auth.api).map(([name, endpoint]) => [name, countCalls(endpoint)]),
  ) as A['api'];
  return { ...auth, api, handler: countCalls(auth.handler) };
};

/** Whether better-auth's stores are on (tests: off whenever no call into better-auth runs). */
export const authStoresEnabled = async () =>
  (await authStores).some((store) => (store as unknown as { enabled?: boolean }).enabled === true);
