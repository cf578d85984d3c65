import { createPublicKey } from 'node:crypto';
import webpush from 'web-push';
import type { VapidKeys } from './keys';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (see src/web/public/push-sw.js). */
export interface PushMessage {
  title: string;
  /** May hold `{time}`: the worker puts the kick-off there in the device's own time zone. */
  body: string;
  url: string;
  tag: string;
  lang: string;
  kickoffAt?: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** A VAPID token is good for 12 hours; one is made per push service and used for 11. */
const tokenSeconds = 12 * 3600;
const tokens = new Map<string, { keys: VapidKeys; header: string; until: number }>();

/**
 * The VAPID Authorization header for a push service (RFC 8292): signed once per service's
 * origin and kept, not once per message (a goal's alerts go to 100,000 phones of a few push
 * services; the signature was a third of their cost).
 */
const vapidAuthorization = (keys: VapidKeys, endpoint: string) => {
  const audience = new URL(endpoint).origin;
  const now = Date.now();
  const kept = tokens.get(audience);
  if (kept && kept.keys === keys && kept.until > now) return kept.header;
  const expires = Math.floor(now / 1000) + tokenSeconds;
  const header = webpush.getVapidHeaders(
    audience,
    keys.subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    expires,
  ).Authorization;
  if (tokens.size > 100) tokens.clear();
  tokens.set(audience, { keys, header, until: now + (tokenSeconds - 3600) * 1000 });
  return header;
};

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292) one message with web-push and posts
 * it to the browser's push service. 'gone' (404/410) means the subscription has ended and should
 * be forgotten; anything else that is not 2xx is a failure to log, never retried. Throws when the
 * message cannot be made for the target's keys (stored before they were checked at subscribe).
 */
export const deliverPush = async (
  keys: VapidKeys,
  target: PushTarget,
  message: PushMessage,
  options: { ttlSeconds: number; topic?: string; timeoutMs?: number },
): Promise<PushOutcome> => {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      headers: { Authorization: vapidAuthorization(keys, target.endpoint) },
      TTL: options.ttlSeconds,
      urgency: 'high',
      ...(options.topic ? { topic: options.topic } : {}),
    },
  );
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
};

/** Push endpoints the server will post to: https, or loopback http outside production (tests). */
export const acceptableEndpoint = (endpoint: string, production: boolean) => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:') return loopback && !production;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  // Push services are named hosts; an address or a local name is never one.
  const literal = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[');
  return production ? !literal && !loopback && url.hostname.includes('.') : true;
};

/** Whether 65 bytes (0x04, x, y) are a point on P-256: importing one that is not throws. */
const onP256 = (key: Buffer) => {
  try {
    const coordinate = (from: number) => key.subarray(from, from + 32).toString('base64url');
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
};

/**
 * A P-256 public key (65 bytes, uncompressed, a point on the curve: anything else makes the
 * encryption throw at send time) and a 16-byte auth secret, as browsers give them.
 */
export const acceptableKeys = (p256dh: string, auth: string) => {
  const key = Buffer.from(p256dh, 'base64url');
  return (
    key.length === 65 && key[0] === 4 && Buffer.from(auth, 'base64url').length === 16 && onP256(key)
  );
};
