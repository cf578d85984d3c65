import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for a browser's push service (FCM, Mozilla autopush…) on 127.0.0.1: it records what
// the server posts and answers 201, or 410 Gone under /gone/. The browser's side of a
// subscription is a P-256 key pair and an auth secret the test generates, so a test can decrypt
// a message (RFC 8291, aes128gcm) and check its VAPID signature (RFC 8292) as a push service and
// a browser would.

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export const startPushService = async () => {
  const received: ReceivedPush[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(path.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** What a browser keeps for one subscription: its key pair and auth secret. */
export const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
};

const hmac = (key: Buffer, ...data: Buffer[]) =>
  createHmac('sha256', key).update(Buffer.concat(data)).digest();
const one = Buffer.from([1]);

/** Decrypts an aes128gcm push message body (one record) with the browser's keys. */
export const decryptPush = (body: Buffer, browser: { ecdh: ECDH; auth: Buffer }) => {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = browser.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = hmac(hmac(browser.auth, secret), info, one);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), one).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), one).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('not the last record of a message');
  return JSON.parse(plain.subarray(0, end).toString('utf8')) as Record<string, unknown>;
};

/** Checks the VAPID header as a push service does; returns the token's claims. */
export const verifyVapid = (authorization: string, expectedKey: string) => {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, token = '', key = ''] = match;
  if (key !== expectedKey) throw new Error('signed with another key');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const [header = '', claims = '', signature = ''] = token.split('.');
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
};
