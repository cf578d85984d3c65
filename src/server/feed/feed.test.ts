import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';
import type { LiveEvent } from '../realtime/bus';

// A league's banter (issue 32): members post as one of their teams, page back 50 at a time,
// reply, mention, react, edit, delete and report; the league admin and site admins remove; text
// is plain, cleaned and counted in graphemes; 10 messages a minute; removed players are out at
// once; unread counts; what deleting an account or a league does to the feed.

let clock = new Date('2031-09-01T12:00:00Z');
/** Moves the pinned clock on (past the 10-a-minute window when given 61 s). */
const tick = (seconds = 7) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'feed-admin@example.com' } });

let siteAdmin: Agent;
let owner: Agent;
let member: Agent;
let stranger: Agent;
let leagueId = '';
let otherLeagueId = '';
let ownerTeam = '';
let memberTeam = '';
let memberSecond = '';

const url = (path = '') => `/api/leagues/${leagueId}/messages${path}`;
const post = async (agent: Agent, body: object, league = leagueId) => {
  tick();
  return agent.post(`/api/leagues/${league}/messages`, body);
};
interface Shown {
  id: string;
  team: { id: string | null; name: string };
  state: string;
  text: string | null;
  mentions: { teamId: string; name: string }[];
  replyTo: { id: string; teamName: string; excerpt: string | null } | null;
  fixture: { id: string } | null;
  editedAt: string | null;
  reactions: { emoji: string; count: number; mine: boolean }[];
  mine: boolean;
  reported: boolean;
  reports: number | null;
}
const feed = async (agent: Agent, query = '') => {
  const res = await agent.get(url(query));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    messages: Shown[];
    nextBefore: string | null;
    teams: { id: string; name: string }[];
    moderator: boolean;
    notify: boolean;
    version: number;
  };
};
const find = async (agent: Agent, id: string) =>
  (await feed(agent)).messages.find((m) => m.id === id) as Shown;

beforeAll(async () => {
  siteAdmin = t.agent();
  await siteAdmin.signUp('feed-admin@example.com', 'correct-horse-9', 'Site Admin');
  owner = await player(t, 'Olga');
  member = await player(t, 'Mo');
  stranger = await player(t, 'Stan');
  const created = await createLeague(owner, 'Banter League', 'Red Devils');
  leagueId = created.league.id;
  ownerTeam = created.teams[0]?.id ?? '';
  const joined = await member.post('/api/leagues/join', {
    codeOrName: created.league.inviteCode,
    teamName: 'Red',
  });
  memberTeam = joined.body.team.id;
  tick();
  memberSecond = (await member.post(`/api/leagues/${leagueId}/teams`, { teamName: 'Blue Army' }))
    .body.team.id;
  otherLeagueId = (await createLeague(stranger, 'Elsewhere', 'Strangers')).league.id;
  await insertFixtures(t, [
    { id: 'feed_1', kickoffAt: hoursFrom(clock, 2), home: 'Arsenal', away: 'Chelsea' },
    {
      id: 'feed_other',
      competitionId: 'bundesliga_2025',
      kickoffAt: hoursFrom(clock, 2),
      home: 'Bayern',
      away: 'Dortmund',
    },
  ]);
});

describe("a league's messages", () => {
  it('are for members: 401 signed out, 403 for others, 404 for no league', async () => {
    expect((await t.agent().get(url())).status).toBe(401);
    const other = await stranger.get(url());
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('MEMBERS_ONLY');
    expect((await post(stranger, { text: 'Let me in' })).body.error.code).toBe('MEMBERS_ONLY');
    expect((await stranger.get('/api/leagues/nope/messages')).status).toBe(404);
    // A site admin reads (to moderate) but does not post without a team.
    expect((await siteAdmin.get(url())).status).toBe(200);
    expect((await post(siteAdmin, { text: 'Hello' })).body.error.code).toBe('MEMBERS_ONLY');
  });

  it('are posted as one of the poster’s teams (default: the first), newest first', async () => {
    const first = await post(member, { text: 'First!' });
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({
      team: { id: memberTeam, name: 'Red' },
      state: 'shown',
      text: 'First!',
      mine: true,
      reports: null,
    });
    const second = await post(member, { text: 'From the reserves', teamId: memberSecond });
    expect(second.body.message.team.name).toBe('Blue Army');
    const notMine = await post(member, { text: 'As them', teamId: ownerTeam });
    expect([notMine.status, notMine.body.error.code]).toEqual([403, 'NOT_YOUR_TEAM']);
    const page = await feed(owner);
    expect(page.messages.slice(0, 2).map((m) => m.text)).toEqual(['From the reserves', 'First!']);
    expect(page.messages[0]?.mine).toBe(false);
    expect(page.teams).toEqual([{ id: ownerTeam, name: 'Red Devils' }]);
    expect(page.moderator).toBe(true);
    expect((await feed(member)).teams.map((x) => x.name)).toEqual(['Red', 'Blue Army']);
  });

  it('keep text plain, cleaned of invisible characters and counted in graphemes', async () => {
    const script = await post(member, { text: '<script>alert(1)</script> <b>bold</b>' });
    expect(script.body.message.text).toBe('<script>alert(1)</script> <b>bold</b>');
    const hidden = await post(member, {
      text: 'evil\u202Egnp.exe zero\u200Bwidth\u0007 \u2066isolate\u2069\n\n\n\nnext line  ',
    });
    // NUL is refused at the door, as everywhere.
    expect((await post(member, { text: 'nul\u0000' })).status).toBe(400);
    expect(hidden.body.message.text).toBe('evilgnp.exe zerowidth isolate\n\nnext line');
    // 500 graphemes fit, 501 do not: 'é' as e and a combining accent is one (2,000 code units
    // at most besides, feed-limits.test.ts).
    const accented = 'e\u0301';
    const full = await post(member, { text: accented.repeat(500) });
    expect(full.status).toBe(201);
    tick(61);
    const over = await post(member, { text: accented.repeat(501) });
    expect(over.status).toBe(400);
    expect(over.body.error.fields.text).toBe('Messages have at most 500 characters.');
    const blank = await post(member, { text: ' \u200B\u200B \n ' });
    expect(blank.body.error.fields.text).toBe('Please write a message.');
    const before = await t.services.database.db
      .selectFrom('league_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const huge = await member.request('POST', url(), { text: 'x'.repeat(10 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const after = await t.services.database.db
      .selectFrom('league_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('allow 10 a minute per player and league, then 429 with the envelope', async () => {
    tick(61);
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      clock = new Date(clock.getTime() + 1000);
      answers.push((await member.post(url(), { text: `Spam ${i}` })).status);
    }
    expect(answers).toEqual([...Array(10).fill(201), 429]);
    const refused = await member.post(url(), { text: 'Once more' });
    expect(refused.body.error).toMatchObject({ code: 'TOO_MANY_MESSAGES' });
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Another player of the league is not held up; a minute later the poster is not either.
    expect((await owner.post(url(), { text: 'Calm down' })).status).toBe(201);
    tick(61);
    expect((await member.post(url(), { text: 'Sorry' })).status).toBe(201);
  });

  it('page back 50 at a time without gaps or repeats', async () => {
    tick(61);
    for (let i = 0; i < 40; i += 1) {
      tick(7);
      expect((await owner.post(url(), { text: `Count ${i}` })).status).toBe(201);
    }
    const first = await feed(member);
    expect(first.messages).toHaveLength(50);
    expect(first.nextBefore).toBe(first.messages[49]?.id);
    const second = await feed(member, `?before=${first.nextBefore}`);
    const ids = [...first.messages, ...second.messages].map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.nextBefore).toBeNull();
    const total = await t.services.database.db
      .selectFrom('league_messages')
      .where('league_id', '=', leagueId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(ids).toHaveLength(Number(total.n));
  });

  it('mention teams by name (the longest that fits) and answer other messages', async () => {
    tick(61);
    const asked = await post(owner, { text: 'Who wins on Saturday?' });
    const reply = await post(member, {
      text: 'Not @red devils, and @Blue Army knows it. Ask @Nobody.',
      replyTo: asked.body.message.id,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.message.mentions).toEqual([
      { teamId: ownerTeam, name: 'Red Devils' },
      { teamId: memberSecond, name: 'Blue Army' },
    ]);
    expect(reply.body.message.replyTo).toEqual({
      id: asked.body.message.id,
      teamName: 'Red Devils',
      excerpt: 'Who wins on Saturday?',
    });
    const elsewhere = await post(stranger, { text: 'Hi' }, otherLeagueId);
    const across = await post(member, { text: 'Hm', replyTo: elsewhere.body.message.id });
    expect([across.status, across.body.error.code]).toEqual([404, 'MESSAGE_NOT_FOUND']);
  });

  it('may be about a fixture of the league’s competition, listed with it', async () => {
    const about = await post(member, { text: 'Early goal here', fixtureId: 'feed_1' });
    expect(about.body.message.fixture).toEqual({
      id: 'feed_1',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
    });
    const wrong = await post(member, { text: 'Wrong one', fixtureId: 'feed_other' });
    expect([wrong.status, wrong.body.error.code]).toEqual([404, 'UNKNOWN_FIXTURE']);
    const race = await feed(owner, '?fixtureId=feed_1');
    expect(race.messages.map((m) => m.text)).toEqual(['Early goal here']);
  });

  it('are edited by their author only, and then say so', async () => {
    const mine = await post(member, { text: 'Typo hree' });
    const id = mine.body.message.id as string;
    const edited = await member.patch(url(`/${id}`), { text: 'Typo here' });
    expect(edited.status).toBe(200);
    expect(edited.body.message.text).toBe('Typo here');
    expect(edited.body.message.editedAt).toBe(clock.toISOString());
    const theirs = await owner.patch(url(`/${id}`), { text: 'Mine now' });
    expect([theirs.status, theirs.body.error.code]).toEqual([403, 'NOT_YOUR_MESSAGE']);
  });

  it('are deleted by their author, removed by the league admin or a site admin', async () => {
    const a = (await post(member, { text: 'Regret this' })).body.message.id as string;
    const b = (await post(member, { text: 'Rude words' })).body.message.id as string;
    const c = (await post(owner, { text: 'Admin rude words' })).body.message.id as string;
    const refused = await member.delete(url(`/${c}`));
    expect([refused.status, refused.body.error.code]).toEqual([403, 'NOT_YOUR_MESSAGE']);
    expect((await member.delete(url(`/${a}`))).status).toBe(200);
    expect((await owner.delete(url(`/${b}`))).status).toBe(200);
    expect((await siteAdmin.delete(url(`/${c}`))).status).toBe(200);
    const states = await Promise.all([a, b, c].map((id) => find(member, id)));
    expect(states.map((m) => [m.state, m.text])).toEqual([
      ['deleted', null],
      ['removed_by_admin', null],
      ['removed_by_site_admin', null],
    ]);
    // Gone for good: no edit, reaction or reply; deleting again changes nothing.
    expect((await member.patch(url(`/${a}`), { text: 'Back' })).body.error.code).toBe(
      'MESSAGE_GONE',
    );
    expect((await post(owner, { text: 'Re', replyTo: a })).body.error.code).toBe('MESSAGE_GONE');
    expect((await member.delete(url(`/${a}`))).status).toBe(200);
    expect((await find(member, a)).state).toBe('deleted');
  });

  it('take reactions from the fixed set, one of each per player', async () => {
    const id = (await post(owner, { text: 'Goal!' })).body.message.id as string;
    const fire = url(`/${id}/reactions/${encodeURIComponent('🔥')}`);
    expect((await member.put(fire)).status).toBe(200);
    expect((await member.put(fire)).status).toBe(200);
    expect((await owner.put(fire)).status).toBe(200);
    expect((await member.put(url(`/${id}/reactions/${encodeURIComponent('⚽')}`))).status).toBe(
      200,
    );
    // In the order the picker shows them.
    expect((await find(member, id)).reactions).toEqual([
      { emoji: '🔥', count: 2, mine: true },
      { emoji: '⚽', count: 1, mine: true },
    ]);
    expect((await member.delete(fire)).status).toBe(200);
    const after = (await find(member, id)).reactions.find((r) => r.emoji === '🔥');
    expect(after).toEqual({ emoji: '🔥', count: 1, mine: false });
    const odd = await member.put(url(`/${id}/reactions/${encodeURIComponent('💩')}`));
    expect(odd.status).toBe(400);
  });

  it('are reported to the league admin and site admins, never by their author', async () => {
    const id = (await post(owner, { text: 'Provocative' })).body.message.id as string;
    const own = await owner.post(url(`/${id}/report`), {});
    expect(own.status).toBe(403);
    expect((await member.post(url(`/${id}/report`), {})).status).toBe(200);
    expect((await member.post(url(`/${id}/report`), {})).status).toBe(200);
    expect(await find(member, id)).toMatchObject({ reported: true, reports: null });
    expect(await find(owner, id)).toMatchObject({ reported: false, reports: 1 });
    const list = await siteAdmin.get('/api/admin/message-reports');
    expect(list.body.messages).toContainEqual(
      expect.objectContaining({ id, leagueName: 'Banter League', text: 'Provocative', reports: 1 }),
    );
    expect((await member.get('/api/admin/message-reports')).status).toBe(403);
  });

  it('count as unread in My leagues until the player reads the feed', async () => {
    tick(61);
    const unread = async (agent: Agent) =>
      (
        (await agent.get('/api/leagues/mine')).body.leagues as { id: string; unread: number }[]
      ).find((l) => l.id === leagueId)?.unread;
    expect((await member.put(`/api/leagues/${leagueId}/feed/read`)).status).toBe(200);
    expect(await unread(member)).toBe(0);
    await post(owner, { text: 'One' });
    await post(owner, { text: 'Two' });
    await post(member, { text: 'My own does not count' });
    expect(await unread(member)).toBe(2);
    tick();
    await member.put(`/api/leagues/${leagueId}/feed/read`);
    expect(await unread(member)).toBe(0);
    // Never read: every message of others since joining (deleted ones aside).
    const others = await t.services.database.db
      .selectFrom('league_messages')
      .where('league_id', '=', leagueId)
      .where('deleted_by', 'is', null)
      .where('team_id', '!=', ownerTeam)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(await unread(owner)).toBe(Math.min(100, Number(others.n)));
  });

  it('send a content-free signal with a version on the league’s event stream', async () => {
    const heard: LiveEvent[] = [];
    const stop = t.services.bus.subscribe((e) => heard.push(e));
    await post(member, { text: 'Signal' });
    stop();
    expect(heard).toContainEqual({ type: 'feed', leagueId, version: clock.getTime() });
  });

  it('stay under a removed team’s name, and its player can neither read nor post', async () => {
    tick(61);
    const leaver = await player(t, 'Lee');
    const { league } = (await owner.get(`/api/leagues/${leagueId}`)).body;
    const team = (
      await leaver.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Leavers' })
    ).body.team.id as string;
    const said = (await post(leaver, { text: 'I was here' })).body.message.id as string;
    expect((await owner.delete(`/api/leagues/${leagueId}/teams/${team}`)).status).toBe(200);
    const read = await leaver.get(url());
    // No team left: a non-member, refused with the one code (access/league-access.ts).
    expect([read.status, read.body.error.code]).toEqual([403, 'MEMBERS_ONLY']);
    const write = await post(leaver, { text: 'Still here?' });
    expect(write.body.error.code).toBe('MEMBERS_ONLY');
    expect(await find(owner, said)).toMatchObject({
      team: { id: null, name: 'Leavers' },
      text: 'I was here',
    });
  });

  it("lose their text and author when the account is deleted; the export holds a player's", async () => {
    tick(61);
    const gone = await player(t, 'Gone');
    const { league } = (await owner.get(`/api/leagues/${leagueId}`)).body;
    await gone.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Ghosts' });
    const said = (await post(gone, { text: 'Secret plans' })).body.message.id as string;
    const exported = await gone.get('/api/account/export');
    expect(exported.body.messages).toEqual([
      expect.objectContaining({ league: 'Banter League', team: 'Ghosts', text: 'Secret plans' }),
    ]);
    expect((await gone.delete('/api/account', { confirm: 'DELETE' })).status).toBe(200);
    expect(await find(owner, said)).toMatchObject({
      state: 'account_deleted',
      text: null,
      team: { id: null, name: 'Ghosts' },
    });
    const row = await t.services.database.db
      .selectFrom('league_messages')
      .selectAll()
      .where('id', '=', said)
      .executeTakeFirstOrThrow();
    expect([row.body, row.user_id]).toEqual([null, null]);
  });

  it('go with their league', async () => {
    const doomed = await createLeague(stranger, 'Doomed League', 'Doom');
    await post(stranger, { text: 'Bye' }, doomed.league.id);
    const deleted = await stranger.delete(`/api/leagues/${doomed.league.id}`, {
      confirmName: 'Doomed League',
    });
    expect(deleted.status).toBe(200);
    const left = await t.services.database.db
      .selectFrom('league_messages')
      .where('league_id', '=', doomed.league.id)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
