import { createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
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
 */
export const deliverPush = async (
  keys: VapidKeys,
  target: PushTarget,
  message: PushMessage,
  options: { ttlSeconds: number; topic?: string; timeoutMs?: number },
): Promise<PushOutcome> => {
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
