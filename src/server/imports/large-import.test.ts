import { describe, expect, it } from 'vitest';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

// Issue 26, item 9c: a 4,000-row import stays one transaction (all or nothing) but lets the
// event loop turn while it reads, plans and writes the file. Counted in turns of the loop, not
// in milliseconds (no timed assertions).

const rows = 4000;
const clock = new Date('2026-06-01T12:00:00Z');
let admin: Agent;

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'bulk@example.com' } });

/** Counts the turns of the event loop (one setImmediate per turn) until stopped. */
const loopTurns = () => {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    running = false;
    return turns;
  };
};

const csv = (time: string, extra: string[] = []) =>
  [
    'date,time,time_zone,home,away,round',
    ...Array.from(
      { length: rows },
      (_, i) =>
        `2026-08-${String(1 + (i % 28)).padStart(2, '0')},${time},,Home ${i},Away ${i},Matchday ${1 + (i % 38)}`,
    ),
    ...extra,
  ].join('\n');
const apply = (content: string) =>
  admin.post('/api/admin/imports/apply', { competitionId: 'bulk_cup', format: 'csv', content });
const count = async (table: 'fixtures' | 'audit_log') =>
  Number(
    (
      await t.services.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const stored = () =>
  t.services.database.db
    .selectFrom('fixtures')
    .select(['id', 'kickoff_at', 'status', 'home_score', 'updated_at'])
    .where('competition_id', '=', 'bulk_cup')
    .orderBy('id')
    .execute();

describe('a 4,000-row import', () => {
  it('writes every row in one import while the event loop keeps turning', async () => {
    admin = t.agent();
    await admin.signUp('bulk@example.com', 'correct-horse-9', 'Bulk');
    const created = await admin.post('/api/admin/competitions', {
      id: 'bulk_cup',
      name: 'Bulk Cup',
      route: '/bulk-cup',
      kind: 'tournament',
      country: 'World',
      timeZone: 'Europe/London',
    });
    expect(created.status).toBe(201);
    const audits = await count('audit_log');
    const stop = loopTurns();
    const res = await apply(csv('15:00'));
    const turns = stop();
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.counts).toEqual({ new: rows, changed: 0, unchanged: 0, rejected: 0 });
    expect(res.body.rows).toHaveLength(rows);
    expect(res.body.rows[rows - 1]).toMatchObject({ status: 'new', fixtureId: `bulk_cup_${rows}` });
    expect(await stored()).toHaveLength(rows);
    expect(await count('audit_log')).toBe(audits + rows);
    // Before the change the loop turned a handful of times (SQLite answers synchronously).
    expect(turns).toBeGreaterThanOrEqual(rows / 500);
  });

  it('a row that fails while applying undoes the whole file', async () => {
    // A match played in May with its result, then a file moving it after today: the row fails
    // when applied (a result before kick-off), after the other 4,000 rows were written.
    const played = await apply('date,time,time_zone,home,away,round\n2026-05-01,15:00,,X,Y,Final');
    expect(played.body.counts).toMatchObject({ new: 1 });
    const id = played.body.rows[0].fixtureId as string;
    const result = { status: 'final', homeScore: 1, awayScore: 0, firstGoalMinute: 10 };
    expect((await admin.patch(`/api/admin/fixtures/${id}`, result)).status).toBe(200);
    const before = await stored();
    const audits = await count('audit_log');
    const res = await apply(csv('17:30', ['2026-09-01,15:00,,X,Y,Final']));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('RESULT_BEFORE_KICKOFF');
    expect(await stored()).toEqual(before);
    expect(await count('audit_log')).toBe(audits);
  });
});
