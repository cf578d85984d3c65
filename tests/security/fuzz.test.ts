import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestResponse } from '../setup/test-app';
import { show } from './fuzz-bad-values';
import { baseOf } from './fuzz-bases';
import { digest, fingerprint, tables } from './fuzz-digest';
import {
  authOperations,
  operationsOf,
  type OpenApiDocument,
  type Operation,
} from './fuzz-operations';
import { encodedRequestsFor } from './fuzz-encodings';
import { requestsFor, type Sent } from './fuzz-requests';
import { isObject } from './fuzz-schema';
import { agents, emails, ids, startWorld, stopWorld, t } from './fuzz-world';

/*
 * Fuzzing of the whole HTTP surface (docs/design.md §5: bad input is a 4xx with the error envelope, never
 * a 5xx, and changes nothing). Every operation of the OpenAPI document, and the better-auth routes
 * the web app calls, receives requests that break its contract in at least one place — a path or
 * query parameter, a body property, the JSON text or its content type — from a visitor, a player
 * who runs a league and a site admin. Each operation has its own fixed seed: a failure replays.
 *
 * The actors and the seeded league live in fuzz-world.ts, the operation list in
 * fuzz-operations.ts, each operation's valid base request in fuzz-bases.ts, the ways to break it
 * in fuzz-mutations.ts (from the bad values of fuzz-bad-values.ts), the request assembled from
 * them in fuzz-requests.ts, the JSON Schema check that every request really is broken in
 * fuzz-schema.ts, and the digest that shows the data unchanged in fuzz-digest.ts.
 */

const seed = 20_261_122;
const requestsPerDatabase = 10_500;
/** Form-encoded and multipart bodies per write operation (a fixed-seed sample each). */
const encodedPerOperation = 24;

beforeAll(startWorld, 60_000);
afterAll(stopWorld);

const isEnvelope = (body: unknown) => {
  const error = isObject(body) ? body.error : undefined;
  return (
    isObject(error) &&
    typeof error.code === 'string' &&
    typeof error.message === 'string' &&
    typeof error.requestId === 'string' &&
    (error.fields === undefined || isObject(error.fields))
  );
};

const verdict = (res: TestResponse): string | null => {
  if (res.status >= 500) return `answered ${res.status}`;
  if (res.status < 400) return `succeeded with ${res.status}`;
  // better-auth's routes too: the app answers their errors in the envelope (issue 26).
  if (!isEnvelope(res.body)) return `answered ${res.status} without the envelope`;
  return null;
};

/**
 * Sends `runs` requests of `arbitrary` (seeded) to one operation: each must get a 4xx with the
 * envelope and leave the data as it was. Returns the problems found and the requests sent.
 */
const fuzzOperation = async (
  op: Operation,
  arbitrary: fc.Arbitrary<Sent>,
  runSeed: number,
  runs: number,
) => {
  const problems: string[] = [];
  let sent = 0;
  await t.services.standings.drain();
  const before = await digest();
  let last = await fingerprint();
  const property = fc.asyncProperty(arbitrary, async (request) => {
    const res = await agents[request.actor].request(
      op.method,
      request.url,
      request.body,
      request.headers,
    );
    sent += 1;
    await t.services.standings.drain(); // what a request queued counts as its own
    const now = await fingerprint();
    const changed = now !== last;
    last = now;
    const problem = verdict(res) ?? (changed ? 'changed the data' : null);
    if (problem) throw new Error(`${problem}: ${show(res.body, 160)}`);
  });
  const details = await fc.check(property, { seed: runSeed, numRuns: runs });
  if (details.failed) {
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : '';
    problems.push(
      `${op.method} ${op.path} (seed ${details.seed}, path "${details.counterexamplePath}"): ${fc.stringify(details.counterexample?.[0])} → ${error}`,
    );
  }
  await t.services.standings.drain();
  const after = await digest();
  const changed = tables.filter((table) => before[table] !== after[table]);
  if (changed.length > 0) problems.push(`${op.method} ${op.path} changed ${changed.join(', ')}`);
  return { problems, sent };
};

/** What the server logged for its 5xx, once each: the cause next to the requests that made them. */
const crashes = () =>
  new Set(
    t
      .logs()
      .filter((line) => line.msg === 'unhandled error')
      .map((line) => {
        const err = line.err as { type?: string; message?: string } | undefined;
        return `server error: ${err?.type}: ${show(err?.message ?? '', 160)}`;
      }),
  );

let operations: Operation[] = [];

it('answers every broken request with a 4xx (the envelope on our API) and changes nothing', async () => {
  const doc = (await agents.visitor.get<OpenApiDocument>('/api/openapi.json')).body;
  operations = [...operationsOf(doc), ...authOperations];
  expect(operations.length).toBeGreaterThan(40);

  // Reads may create what they show (reminder settings...): read everything once beforehand.
  for (const op of operations.filter((o) => o.method === 'GET')) {
    const base = baseOf(op);
    const query = base.query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    const path = op.path.replace(/\{(\w+)\}/g, (_m, n: string) =>
      encodeURIComponent(base.path[n] ?? ''),
    );
    for (const actor of ['visitor', 'player', 'admin'] as const)
      expect((await agents[actor].get(`${path}?${query}`)).status).toBeLessThan(500);
  }
  await t.services.standings.drain();

  const runs = Math.ceil(requestsPerDatabase / operations.length);
  const problems: string[] = [];
  let sentCount = 0;
  const started = performance.now();
  for (const [index, op] of operations.entries()) {
    const done = await fuzzOperation(
      op,
      requestsFor(op, baseOf(op), ids.adminUser),
      seed + index,
      runs,
    );
    problems.push(...done.problems);
    sentCount += done.sent;
  }
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `fuzz (${t.services.database.dialect}): ${sentCount} requests, ${operations.length} operations, ${seconds.toFixed(1)} s`,
  );
  problems.push(...crashes());
  expect(problems).toEqual([]);
  // The actors stayed who they were: nothing above signed anyone in or out.
  expect((await agents.player.get('/api/account/me')).body.user?.email).toBe(emails.ann);
  expect((await agents.admin.get('/api/account/me')).body.user?.email).toBe(emails.admin);
  expect((await agents.visitor.get('/api/account/me')).body.user).toBeNull();
  expect(sentCount).toBeGreaterThanOrEqual(10_000);
}, 300_000);

it('refuses every write route a body sent as a form (URL-encoded or multipart) and changes nothing', async () => {
  const writes = operations.filter((op) => op.method !== 'GET' && op.body);
  expect(writes.length).toBeGreaterThan(30);
  const problems: string[] = [];
  let sentCount = 0;
  const started = performance.now();
  for (const [index, op] of writes.entries()) {
    const arbitrary = encodedRequestsFor(op, baseOf(op));
    if (!arbitrary) continue;
    const done = await fuzzOperation(op, arbitrary, seed + 1_000 + index, encodedPerOperation);
    problems.push(...done.problems);
    sentCount += done.sent;
  }
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `fuzz, form bodies (${t.services.database.dialect}): ${sentCount} requests, ${writes.length} write operations, ${seconds.toFixed(1)} s`,
  );
  problems.push(...crashes());
  expect(problems).toEqual([]);
  expect(sentCount).toBeGreaterThanOrEqual(
    writes.length * encodedPerOperation - encodedPerOperation * 2,
  );
}, 300_000);
