// The push sender's thread (send.ts): encrypts each message for its browser (RFC 8291,
// aes128gcm), signs it for the push service (VAPID, RFC 8292) and posts it. Plain CommonJS, so
// it runs without a TypeScript loader. Each message allocates tens of kilobytes that outlive a
// young-generation collection; 100,000 goal alerts on the server's own thread meant a 50–100 ms
// collection of its old heap every few seconds. Here they cost this thread's heap only.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: the thread runs without a TypeScript loader */
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const webpush = require(workerData.webPush);

/** A VAPID token is good for 12 hours; one is made per push service and used for 11. */
const tokenSeconds = 12 * 3600;
const tokens = new Map();

const vapidAuthorization = (keys, endpoint) => {
  const audience = new URL(endpoint).origin;
  const now = Date.now();
  const key = `${audience} ${keys.publicKey} ${keys.subject}`;
  const kept = tokens.get(key);
  if (kept && kept.until > now) return kept.header;
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
  tokens.set(key, { header, until: now + (tokenSeconds - 3600) * 1000 });
  return header;
};

const deliver = async (job) => {
  let request;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } },
      job.payload,
      {
        headers: { Authorization: vapidAuthorization(job.keys, job.endpoint) },
        TTL: job.ttlSeconds,
        urgency: 'high',
        ...(job.topic ? { topic: job.topic } : {}),
      },
    );
  } catch (error) {
    return { id: job.id, error: String((error && error.message) || error) };
  }
  // A timer cleared once answered (AbortSignal.timeout would keep the request for the whole
  // timeout after its answer).
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), job.timeoutMs);
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: new Uint8Array(request.body),
      signal: abort.signal,
    });
    await (response.body && response.body.cancel());
    if (response.status === 404 || response.status === 410) return { id: job.id, outcome: 'gone' };
    return { id: job.id, outcome: response.ok ? 'sent' : 'failed' };
  } catch {
    return { id: job.id, outcome: 'failed' };
  } finally {
    clearTimeout(timer);
  }
};

parentPort.on('message', (job) => {
  if (job === 'close') {
    parentPort.close();
    return;
  }
  void deliver(job).then((answer) => parentPort.postMessage(answer));
});
