import { api, ApiError, unwrap } from './api-client';

/**
 * This browser's side of push reminders: the permission, the PushSubscription held by our
 * service worker (src/web/public/push-sw.js shows what arrives), and the server's copy of it.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const registration = async () => {
  const found = await navigator.serviceWorker.getRegistration('/');
  if (!found) return null;
  // The worker may still be installing on a first visit.
  return found.active ? found : navigator.serviceWorker.ready;
};

export const currentSubscription = async () =>
  supported() ? ((await (await registration())?.pushManager.getSubscription()) ?? null) : null;

export const pushState = async (): Promise<PushState> => {
  if (!supported() || !(await registration())) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentSubscription()) ? 'on' : 'off';
};

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null &&
  a.byteLength === b.byteLength &&
  new Uint8Array(a).every((byte, i) => byte === b[i]);

/** Tells the server about this browser's subscription. */
const save = (subscription: PushSubscription) => {
  const json = subscription.toJSON();
  return unwrap(
    api.push.subscriptions.$post({
      json: {
        endpoint: subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    }),
  );
};

export class PushBlockedError extends Error {}

/** Asks for permission (if not given yet), subscribes this browser and tells the server. */
export const subscribeThisDevice = async (publicKey: string) => {
  const found = supported() ? await registration() : null;
  if (!found) throw new PushBlockedError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError(permission);
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await found.pushManager.getSubscription();
  // A subscription made for another key (the server's keys were replaced) cannot be used.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const fresh = () => found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  subscription ??= await fresh();
  try {
    return await save(subscription);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'PUSH_ENDPOINT_TAKEN')) throw error;
    // The subscription is another player's, who used this browser and whose sign-out did not
    // reach the server (offline, or the session ended elsewhere). The server never moves it;
    // ending it here gives this browser a new endpoint, and the old one is forgotten once its
    // push service answers 410 Gone.
    await subscription.unsubscribe();
    return save(await fresh());
  }
};

/** Stops reminders to this browser: the server forgets it, then the browser drops it. */
export const unsubscribeThisDevice = async () => {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const result = await unwrap(
    api.push.subscriptions.$delete({ json: { endpoint: subscription.endpoint } }),
  );
  await subscription.unsubscribe();
  return result;
};
