import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { postgresTestUrl, withDatabase } from '../../../tests/setup/database-url';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, guest, player } from '../../../tests/setup/leagues';
import { browserKeys } from '../../../tests/setup/push-service';
import {
  createTestApp,
  testBaseUrl,
  type Agent,
  type TestApp,
} from '../../../tests/setup/test-app';
import { copyToPostgres, formatReport } from './copy-to-postgres';

// Issue 30, 'Moving up': a populated SQLite install copied into an empty PostgreSQL database
// (`npm run cli -- copy-to-postgres <url>`) shows the same standings, and its players stay signed
// in. Needs both databases: it runs with the PostgreSQL tests.

const pgUrl = postgresTestUrl();
const clock = new Date('2031-03-01T12:00:00Z');
const season = '2030-31';

const createDatabase = async () => {
  const name = `firstgoal_t_${inject('runId')}_copy_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return withDatabase(pgUrl ?? '', name);
};

/** GET on an app with a player's session (the copied session works on the copy). */
const read = async (t: TestApp, agent: Agent, path: string) => {
  const res = await t.app.request(`${testBaseUrl}${path}`, {
    headers: { origin: testBaseUrl, cookie: agent.cookieHeader() },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe.runIf(pgUrl)('copy-to-postgres', () => {
  it('copies a populated SQLite install, rebuilds its totals and matches every league', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'firstgoal-copy-'));
    const file = join(dir, 'source.sqlite');
    copyFileSync(inject('sqliteTemplate'), file);
    const source = await createTestApp({
      now: () => clock,
      env: { DATABASE_URL: `file:${file}`, ADMIN_EMAILS: 'copy-admin@example.com' },
    });
    let copy: TestApp | null = null;
    try {
      expect(source.services.database.dialect).toBe('sqlite');
      const admin = source.agent();
      await admin.signUp('copy-admin@example.com', 'correct-horse-9', 'Copy Admin');
      await insertFixtures(source, [
        { id: 'cp_1', kickoffAt: hoursFrom(clock, -48), season, round: 'Round 1' },
        { id: 'cp_2', kickoffAt: hoursFrom(clock, -24), season, round: 'Round 2' },
        { id: 'cp_3', kickoffAt: hoursFrom(clock, 24), season, round: 'Round 3' },
      ]);
      // Two leagues: players with picks and jokers, a guest, a player with two teams.
      const owner = await player(source, 'Owner');
      const first = await createLeague(owner, 'First League', 'Owners XI', {
        secondTeamName: 'Owners B',
      });
      const second = await createLeague(await player(source, 'Other'), 'Second League', 'Others');
      const members: { agent: Agent; teamId: string }[] = first.teams.map((team) => ({
        agent: owner,
        teamId: team.id,
      }));
      for (const [i, name] of ['Ann', 'Bob', 'Guest'].entries()) {
        const agent = name === 'Guest' ? await guest(source) : await player(source, name);
        const league = i === 1 ? second : first;
        const joined = await agent.post('/api/leagues/join', {
          codeOrName: league.league.inviteCode,
          teamName: `${name} FC`,
        });
        expect(joined.status).toBe(201);
        members.push({ agent, teamId: (joined.body as { team: { id: string } }).team.id });
      }
      const outcomes = ['1', 'X', '2'] as const;
      // Picks are saved before kick-off: a week earlier by the server's clock.
      const resultsAt = clock.getTime();
      clock.setTime(resultsAt - 24 * 7 * 3_600_000);
      const saves = members.map(({ agent, teamId }, i) =>
        agent.put('/api/predictions', {
          teamId,
          predictions: (['cp_1', 'cp_2', 'cp_3'] as const).map((fixtureId, j) => ({
            fixtureId,
            outcome: outcomes[(i + j) % 3],
            firstGoalMinute: 10 + i * 5 + j,
            joker: i % 2 === 0 && j === 0,
          })),
        }),
      );
      for (const res of await Promise.all(saves)) expect(res.status).toBe(200);
      clock.setTime(resultsAt);
      for (const [id, result] of [
        ['cp_1', { homeScore: 2, awayScore: 1, firstGoalMinute: 10 }],
        ['cp_2', { homeScore: 0, awayScore: 0, firstGoalMinute: 0 }],
      ] as const) {
        const res = await admin.patch(`/api/admin/fixtures/${id}`, { status: 'final', ...result });
        expect(res.status).toBe(200);
      }
      await source.services.standings.drain();
      const keys = browserKeys();
      expect(
        (
          await owner.post('/api/push/subscriptions', {
            endpoint: 'https://push.example.com/owner',
            keys: keys.keys,
          })
        ).status,
      ).toBe(201);
      const leagues = [first.league.id, second.league.id];
      const before = await Promise.all(
        leagues.map((id) => read(source, owner, `/api/leagues/${id}/standings`)),
      );
      expect(before.map((r) => r.status)).toEqual([200, 200]);
      const points = (before[0]?.body.rows as { points: number }[]).map((r) => r.points);
      expect(Math.max(...points)).toBeGreaterThan(0);
      await source.close();

      const target = await createDatabase();
      const lines: string[] = [];
      const report = await copyToPostgres(file, target, (line) => lines.push(line));
      if (!report.ok) throw new Error(formatReport(report));
      expect(report.leagues).toEqual({ checked: 2, differing: [] });
      const count = (table: string) => report.tables.find((t) => t.table === table);
      for (const table of ['user', 'session', 'leagues', 'teams', 'predictions', 'fixtures']) {
        expect(count(table)?.target).toBeGreaterThan(0);
        expect(count(table)?.target).toBe(count(table)?.source);
      }
      expect(count('predictions')?.target).toBe(members.length * 3);
      expect(count('push_subscriptions')?.target).toBe(1);
      expect(count('audit_log')?.target).toBeGreaterThan(0);
      expect(formatReport(report)).toContain("Every league's table matches the source");
      expect(lines.some((l) => l.startsWith('predictions:'))).toBe(true);

      // The copy serves the same tables to the same sessions.
      copy = await createTestApp({ now: () => clock, env: { DATABASE_URL: target } });
      expect(copy.services.database.dialect).toBe('postgres');
      const after = await Promise.all(
        leagues.map((id) => read(copy as TestApp, owner, `/api/leagues/${id}/standings`)),
      );
      expect(after.map((r) => r.status)).toEqual([200, 200]);
      for (const [i, res] of after.entries()) {
        expect(res.body.rows).toEqual(before[i]?.body.rows);
        expect(res.body.top).toEqual(before[i]?.body.top);
      }

      // A second copy into a database that is not empty is refused.
      await expect(copyToPostgres(file, target)).rejects.toThrow(/not empty/);
    } finally {
      await copy?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
