import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import {
  startOpenFootballServer,
  type OpenFootballServer,
} from '../../../tests/setup/openfootball-server';
import { sharedAvailable } from '../../../tests/setup/shared';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { Services } from '../context';
import { openDatabase } from '../db/database';
import { isSyncRunning } from '../sync/service';
import { startFixtureSync, type FixtureSyncSchedule } from './openfootball';

// Issue 26, item 9d: the scheduled openfootball sync runs once per period whatever the number of
// instances and restarts: each run claims its turn in the database. The services' clock is
// pinned and moved by hand; the schedules look at the database every few milliseconds.
const available = sharedAvailable('data/football.json/2026-27');
const en1 = '/2026-27/en.1.json';
const hour = 3_600_000;
let clock = new Date('2026-11-22T12:00:00Z');
let t: TestApp;
let source: OpenFootballServer;
/** A second instance: on PostgreSQL its own connections (SQLite is one process: a restart). */
let other: Services | null = null;
const stops: (() => void)[] = [];

beforeAll(async () => {
  if (!available) return;
  source = await startOpenFootballServer({ '2026-27': ['en.1'] });
  t = await createTestApp({ now: () => clock, env: { OPENFOOTBALL_URL: source.url } });
  if (postgresTestUrl()) other = { ...t.services, database: openDatabase(t.services.env.database) };
});
afterAll(async () => {
  for (const stop of stops) stop();
  await until(() => !running());
  await other?.database.close();
  await t?.close();
  await source?.close();
});
beforeEach(() => source?.reset());

const schedule: FixtureSyncSchedule = {
  firstDelayMs: 0,
  periodMs: 6 * hour,
  retryMs: hour,
  checkMs: 5,
  sync: { competitionId: 'premier_league', timeoutMs: 2000 },
};
const start = (services: Services) => stops.push(startFixtureSync(services, schedule));
const stopAll = async () => {
  for (const stop of stops.splice(0)) stop();
  await until(() => !running());
};
const running = () =>
  isSyncRunning(t.services.database) || (other !== null && isSyncRunning(other.database));
const runs = () => source.requests.filter((path) => path === en1).length;
const until = async (done: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};
/** Lets the schedules look at the database many times over, then waits for a run to end. */
const meanwhile = async () => {
  await new Promise((r) => setTimeout(r, 250));
  await until(() => !running());
};
const move = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const nextAt = async () =>
  (
    await t.services.database.db
      .selectFrom('job_schedule')
      .select('next_at')
      .where('job', '=', 'openfootball')
      .executeTakeFirstOrThrow()
  ).next_at;
const at = (ms: number) => new Date(clock.getTime() + ms).toISOString();
const logged = (text: string) => t.logs().filter((l) => String(l.msg).includes(text)).length;

describe.runIf(available)('the fixture sync schedule', () => {
  it('runs once per period across instances and restarts', async () => {
    start(t.services);
    if (other) start(other);
    await until(() => runs() === 1);
    await meanwhile();
    expect(runs()).toBe(1);
    expect(await nextAt()).toBe(at(6 * hour));

    // A restart: the new start finds the run done for this period and waits for the next.
    await stopAll();
    start(t.services);
    if (other) start(other);
    move(5 * hour);
    await meanwhile();
    expect(runs()).toBe(1);

    move(hour);
    await until(() => runs() === 2);
    await meanwhile();
    expect(runs()).toBe(2);
    expect(await nextAt()).toBe(at(6 * hour));
    await stopAll();
  });

  it('an unreachable source is tried again after 1 hour, then 2, 4… and the period once back', async () => {
    start(t.services);
    if (other) start(other);
    source.refuse(true);
    const warnings = logged('openfootball cannot be reached');
    move(6 * hour);
    await until(() => runs() === 1);
    await meanwhile();
    expect(await nextAt()).toBe(at(hour));
    expect(logged('openfootball cannot be reached')).toBe(warnings + 1);

    move(hour - 60_000);
    await meanwhile();
    expect(runs()).toBe(1);
    move(60_000);
    await until(() => runs() === 2);
    await meanwhile();
    expect(await nextAt()).toBe(at(2 * hour));

    move(2 * hour);
    await until(() => runs() === 3);
    await meanwhile();
    expect(await nextAt()).toBe(at(4 * hour));
    expect(logged('openfootball cannot be reached')).toBe(warnings + 1);

    source.refuse(false);
    move(4 * hour);
    await until(() => runs() === 4);
    await meanwhile();
    expect(runs()).toBe(4);
    expect(await nextAt()).toBe(at(6 * hour));
    expect(logged('openfootball can be reached again')).toBe(1);
    await stopAll();
  });
});
