import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../domain/errors';
import { bulkLoad } from '../../../tests/setup/bulk';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';
import { fillNameKeys } from './repository';

// Issue 26, item 7: names that look like another (invisible characters, a Cyrillic 'е' among
// Latin letters) or hold line breaks, on both databases. Nothing is written on a refusal.

const t = appPerFile({ env: { ADMIN_EMAILS: 'ref@example.com' } });
const mixed = { code: 'NAME_MIXES_SCRIPTS', message: errorCatalogue.NAME_MIXES_SCRIPTS.message };
const cyrillicE = 'Gu\u0435st Team';

const count = async (table: 'teams' | 'leagues' | 'user' | 'fixtures') =>
  Number(
    (
      await t.services.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('team names', () => {
  it('lose invisible characters before they are compared; mixed alphabets are refused', async () => {
    const admin = await player(t, 'Look Admin');
    const { league } = await createLeague(admin, 'Look-alike League', 'Guest Team');
    const quickJoin = (teamName: string) =>
      t.agent().post('/api/leagues/quick-join', { code: league.inviteCode, teamName });

    const twin = await quickJoin('Guest Team\u200b');
    expect([twin.status, twin.body.error?.code]).toEqual([409, 'TEAM_NAME_TAKEN']);
    const joined = await quickJoin('Guest\u200bTeam');
    expect([joined.status, joined.body.team?.name]).toEqual([200, 'GuestTeam']);

    const [teams, users] = [await count('teams'), await count('user')];
    const refused = await quickJoin(cyrillicE);
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: expect.objectContaining(mixed) },
    ]);
    // A visitor's refused join starts no guest.
    expect([await count('teams'), await count('user')]).toEqual([teams, users]);

    const member = await player(t, 'Look Member');
    const join = await member.post('/api/leagues/join', {
      codeOrName: league.inviteCode,
      teamName: cyrillicE,
    });
    expect([join.status, join.body.error?.code]).toEqual([400, 'NAME_MIXES_SCRIPTS']);
    const another = await admin.post(`/api/leagues/${league.id}/teams`, { teamName: 'T\u0435am' });
    expect([another.status, another.body.error?.code]).toEqual([400, 'NAME_MIXES_SCRIPTS']);
    const second = await admin.post('/api/leagues', {
      leagueName: 'Second Look',
      teamName: 'First',
      secondTeamName: 'Guest Team\u202e',
    });
    expect(second.body.teams?.map((team: { name: string }) => team.name)).toEqual([
      'First',
      'Guest Team',
    ]);
    expect(await count('teams')).toBe(teams + 2);
    // Two words, each of one alphabet, are a name like any other.
    expect((await quickJoin('Москва Team')).status).toBe(200);
  });
});

describe('existing names', () => {
  it('stay as they are; a bulk-loaded one gets the key the app would give it', async () => {
    const admin = await player(t, 'Old Admin');
    const { league } = await createLeague(admin, 'Old Names', 'Old Team');
    const userId = (await admin.get('/api/account/me')).body.user.id as string;
    const { db, dialect } = t.services.database;
    const team = (id: string, name: string) => ({ id, leagueId: league.id, userId, name });
    await bulkLoad(db, { teams: [team('old-1', 'Two  Spaces'), team('old-2', 'Zero\u200bWidth')] });
    const vacuumed = async () =>
      (
        await sql<{ at: Date | null }>`select last_vacuum as at from pg_stat_user_tables
          where relname = 'teams'`.execute(db)
      ).rows[0]?.at ?? null;
    const before = dialect === 'postgres' ? await vacuumed() : null;
    expect(await fillNameKeys(db, dialect)).toBe(2);
    // PostgreSQL: the rewritten rows are vacuumed at once (a league's teams counted from the
    // index alone again).
    if (dialect === 'postgres')
      expect((await vacuumed())?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
    const rows = await db
      .selectFrom('teams')
      .select(['name', 'name_key'])
      .where('id', 'in', ['old-1', 'old-2'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { name: 'Two  Spaces', name_key: 'two spaces' },
      { name: 'Zero\u200bWidth', name_key: 'zerowidth' },
    ]);
    const twin = await t
      .agent()
      .post('/api/leagues/quick-join', { code: league.inviteCode, teamName: 'Two Spaces' });
    expect([twin.status, twin.body.error?.code]).toEqual([409, 'TEAM_NAME_TAKEN']);
  });

  it('of a league with a line break can still be typed to delete it', async () => {
    const admin = await player(t, 'Delete Admin');
    const { league } = await createLeague(admin, 'Doomed League', 'Doomed');
    await t.services.database.db
      .updateTable('leagues')
      .set({ name: 'Doomed\r\nLeague' })
      .where('id', '=', league.id)
      .execute();
    const deleted = await admin.delete(`/api/leagues/${league.id}`, {
      confirmName: 'Doomed League',
    });
    expect(deleted.status).toBe(200);
  });
});

describe('league names', () => {
  it('hold no line breaks, when created or renamed', async () => {
    const admin = await player(t, 'Lines Admin');
    const { league } = await createLeague(admin, 'Line\r\nBreak\tLeague', 'Liners');
    expect(league.name).toBe('Line Break League');
    const renamed = await admin.patch(`/api/leagues/${league.id}`, { name: 'New\nName\u2028' });
    expect([renamed.status, renamed.body.league?.name]).toEqual([200, 'New Name']);
    const leagues = await count('leagues');
    const refused = await admin.post('/api/leagues', { leagueName: 'P\u0430ris', teamName: 'P' });
    expect([refused.status, refused.body.error?.code]).toEqual([400, 'NAME_MIXES_SCRIPTS']);
    const rename = await admin.patch(`/api/leagues/${league.id}`, { name: 'P\u0430ris' });
    expect([rename.status, rename.body.error?.code]).toEqual([400, 'NAME_MIXES_SCRIPTS']);
    expect(await count('leagues')).toBe(leagues);
    const stored = await t.services.database.db
      .selectFrom('leagues')
      .select(['name', 'name_key'])
      .where('id', '=', league.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'New Name', name_key: 'new name' });
  });
});

describe('display names', () => {
  it('lose bidi controls on sign-up and update; mixed alphabets are refused', async () => {
    const agent = t.agent();
    await agent.signUp('bidi@example.com', 'correct-horse-9', '\u202eAdmin\u202c\u200b');
    expect((await agent.get('/api/account/me')).body.user.name).toBe('Admin');
    const users = await count('user');
    const refused = await t.agent().post('/api/auth/sign-up/email', {
      email: 'mixed@example.com',
      password: 'correct-horse-9',
      name: cyrillicE,
    });
    expect([refused.status, refused.body.error?.code]).toEqual([400, 'NAME_MIXES_SCRIPTS']);
    expect(await count('user')).toBe(users);
    const invisible = await agent.post('/api/auth/update-user', { name: '\u200b\u2066' });
    expect(invisible.status).toBe(400);
    const update = await agent.post('/api/auth/update-user', { name: cyrillicE });
    expect([update.status, update.body.error?.code]).toEqual([400, 'NAME_MIXES_SCRIPTS']);
    expect((await agent.post('/api/auth/update-user', { name: 'Ad\r\nmin' })).status).toBe(200);
    expect((await agent.get('/api/account/me')).body.user.name).toBe('Ad min');
  });
});

describe('fixture team names', () => {
  it('of an admin are cleaned, and refused when a word mixes alphabets', async () => {
    const admin = t.agent();
    await admin.signUp('ref@example.com', 'correct-horse-9', 'Referee');
    const fixture = {
      competitionId: 'premier_league',
      round: 'Matchday 2',
      date: '2030-06-10',
      time: '20:00',
      homeTeam: 'Arsenal\r\nFC',
      awayTeam: '\u0421helsea FC',
    };
    const fixtures = await count('fixtures');
    const refused = await admin.post('/api/admin/fixtures', fixture);
    expect([refused.status, refused.body.error]).toEqual([400, expect.objectContaining(mixed)]);
    expect(await count('fixtures')).toBe(fixtures);

    const created = await admin.post('/api/admin/fixtures', { ...fixture, awayTeam: 'Chelsea' });
    expect([created.status, created.body.fixture?.homeTeam]).toEqual([201, 'Arsenal FC']);
    const id = created.body.fixture.id as string;
    const edit = await admin.patch(`/api/admin/fixtures/${id}`, { awayTeam: 'Ch\u0435lsea' });
    expect([edit.status, edit.body.error?.code]).toEqual([400, 'NAME_MIXES_SCRIPTS']);
    const cleaned = await admin.patch(`/api/admin/fixtures/${id}`, {
      awayTeam: 'Chelsea\u200b FC',
    });
    expect(cleaned.status).toBe(200);
    const row = await t.services.database.db
      .selectFrom('fixtures')
      .select(['home_team', 'away_team'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ home_team: 'Arsenal FC', away_team: 'Chelsea FC' });
  });
});
