import { createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Worker } from 'node:worker_threads';
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

interface Answer {
  id: number;
  outcome?: PushOutcome;
  error?: string;
}

/**
 * The thread that encrypts, signs and posts (push-worker.cjs), started on first use and kept
 * while messages are out (unref'd when none is: it never holds the process open). One per
 * process; a thread that fails is started again for the next message.
 */
let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, (answer: Answer) => void>();

const pushWorker = () => {
  if (worker) return worker;
  const require = createRequire(import.meta.url);
  const started = new Worker(new URL('./push-worker.cjs', import.meta.url), {
    // Plain JavaScript: no loader hooks (tsx) in the thread.
    execArgv: [],
    workerData: { webPush: require.resolve('web-push') },
  });
  started.unref();
  started.on('message', (answer: Answer) => {
    const settle = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    settle?.(answer);
  });
  const lost = () => {
    if (worker === started) worker = null;
    // What the thread held is not known to have gone: a failure each.
    for (const [id, settle] of pending) settle({ id, outcome: 'failed' });
    pending.clear();
  };
  started.on('error', lost);
  started.on('exit', lost);
  worker = started;
  return started;
};

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292: one token per push service, kept
 * for 11 hours) one message and posts it to the browser's push service — on the push thread, so
 * a goal's 100,000 alerts do not fill the server's heap. 'gone' (404/410) means the subscription
 * has ended and should be forgotten; anything else that is not 2xx is a failure to log, never
 * retried. Throws when the message cannot be made for the target's keys (stored before they
 * were checked at subscribe).
 *
 * The endpoint is checked again as at subscribe (issue 51): one stored before the check was
 * tightened, or written behind its back, is never posted to. It is 'gone' — forgotten like a
 * subscription its push service ended, not left to fail at every send like a bad key — since the
 * check is certain and lasting: no browser's push service has such an address, so nothing that
 * could ever be delivered is lost.
 */
export const deliverPush = async (
  keys: VapidKeys,
  target: PushTarget,
  message: PushMessage,
  options: {
    ttlSeconds: number;
    topic?: string;
    timeoutMs?: number;
    /** NODE_ENV=production: public push services only (acceptableEndpoint). */
    production: boolean;
  },
): Promise<PushOutcome> => {
  if (!acceptableEndpoint(target.endpoint, options.production)) return 'gone';
  const thread = pushWorker();
  const id = (nextId += 1);
  const answer = await new Promise<Answer>((resolve) => {
    pending.set(id, resolve);
    thread.ref();
    thread.postMessage({
      id,
      keys: { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: keys.subject },
      endpoint: target.endpoint,
      p256dh: target.p256dh,
      auth: target.auth,
      payload: JSON.stringify(message),
      ttlSeconds: options.ttlSeconds,
      topic: options.topic,
      timeoutMs: options.timeoutMs ?? 10_000,
    });
  });
  if (answer.error !== undefined) throw new Error(answer.error);
  return answer.outcome ?? 'failed';
};

/**
 * Top-level names that are local by definition (RFC 6761, 6762, 7686, 8375 and ICANN's
 * 'internal') or by wide custom: no push service is ever under one.
 */
const localNames = new Set([
  'localhost',
  'localdomain',
  'local',
  'internal',
  'test',
  'invalid',
  'example',
  'arpa',
  'onion',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
]);
/** A DNS label of a host name: letters, digits and inner hyphens, 63 at most. */
const hostLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A public host name, as the URL parser leaves it (lower case, IDN as punycode, an IPv4 address
 * in any spelling — 2130706433, 0x7f.1, 0177.0.0.1 — made dotted, so one test finds them all):
 * two labels or more, none empty (so no trailing dot, which names the same host), no address,
 * no 'localhost' label (localhost., x.localhost) and no local top-level name.
 */
const publicHostName = (hostname: string) => {
  if (hostname.length > 253 || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) return false;
  const labels = hostname.split('.');
  const top = labels.at(-1) ?? '';
  return (
    labels.length >= 2 &&
    labels.every((label) => hostLabel.test(label) && label !== 'localhost') &&
    !localNames.has(top) &&
    !/^\d+$/.test(top)
  );
};

/**
 * Push endpoints the server will post to. In production (issue 51) only https on port 443 —
 * given or implied: the parser drops a default port — of a public host name: a push service is
 * one, and anything else would have the server post to itself or its network. Outside
 * production any https, or http on loopback (the local push service of the tests).
 */
export const acceptableEndpoint = (endpoint: string, production: boolean) => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (production)
    return (
      url.protocol === 'https:' &&
      !url.username &&
      !url.password &&
      url.port === '' &&
      publicHostName(url.hostname)
    );
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:') return loopback;
  return url.protocol === 'https:' && !url.username && !url.password;
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
