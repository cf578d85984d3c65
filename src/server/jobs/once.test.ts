import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { fakeClock } from '../../../tests/setup/fake-clock';
import { appPerFile } from '../../../tests/setup/test-app';
import type { Services } from '../context';
import { openDatabase } from '../db/database';
import { jobLockKeys, withJobLock } from '../db/job-lock';
import { syncResults } from './results-sync';
import { runRemindersOnce } from './reminders-job';

// Two app instances on one PostgreSQL database: every scheduled job runs in one of them at a
// time (the openfootball sync has its own test in src/server/sync/sync.test.ts).
const now = new Date('2030-09-01T12:00:00Z');
let other: Services;
let server: Server;
let url = '';
let release: () => void = () => undefined;
let arrived: () => void = () => undefined;

const t = appPerFile({ now: () => now });
beforeAll(async () => {
  // The second instance: its own connection pool and in-process state, the same database.
  other = { ...t.services, database: openDatabase(t.services.env.database) };
  // football-data's stand-in answers each request when the test releases it.
  server = createServer((_req, res) => {
    const answer = () =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ matches: [] }));
    new Promise<void>((resolve) => (release = resolve)).then(answer, answer);
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  release();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await other.database.close();
});

const football = (services: Services) =>
  syncResults(services, {
    url,
    env: { FOOTBALL_DATA_TOKEN: 'token' },
    competitions: [{ competitionId: 'premier_league', code: 'PL', season: '2030-31' }],
    clock: fakeClock(),
    now: () => now,
  });

describe.runIf(postgresTestUrl())('scheduled jobs with two instances on one PostgreSQL', () => {
  it('the football-data sync runs in one instance at a time', async () => {
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const first = football(t.services);
    await reached; // the first instance holds the lock and waits for football-data's answer
    const second = await football(other);
    expect(second).toMatchObject({ skipped: true, competitions: 0 });
    release();
    expect(await first).toMatchObject({ skipped: false, competitions: 1 });
    // Released with the run: the other instance may run the next one.
    arrived = () => release();
    expect(await football(other)).toMatchObject({ skipped: false, competitions: 1 });
  });

  it('reminders run in one instance at a time', async () => {
    let done: () => void = () => undefined;
    let acquired: () => void = () => undefined;
    const got = new Promise<void>((resolve) => (acquired = resolve));
    const holding = withJobLock(t.services.database, jobLockKeys.reminders, () => {
      acquired();
      return new Promise<void>((resolve) => (done = resolve));
    });
    await got;
    expect(await runRemindersOnce(other, now)).toEqual({ locked: false });
    done();
    expect(await holding).toMatchObject({ locked: true });
    expect(await runRemindersOnce(other, now)).toEqual({
      locked: true,
      value: { sent: 0, pushed: 0 },
    });
  });
});
