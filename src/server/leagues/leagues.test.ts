import { describe, expect, it } from 'vitest';
import { createLeague, guest, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';

const t = appPerFile();

const errorOf = (res: { status: number; body: any }) => [
  res.status,
  res.body?.error?.code,
  res.body?.error?.message,
];

describe('create league', () => {
  it('creates the league with two teams, a 6-character code and an invite link', async () => {
    const ann = await player(t, 'Ann');
    const res = await ann.post('/api/leagues', {
      leagueName: '  Office Cup ',
      teamName: ' Ann FC ',
      secondTeamName: 'Ann Reserves',
      competitionId: 'bundesliga_2025',
    });
    expect(res.status).toBe(201);
    expect(res.body.league).toMatchObject({
      name: 'Office Cup',
      competitionId: 'bundesliga_2025',
      competitionRoute: '/bundesliga',
      isAdmin: true,
      joinByName: true,
    });
    expect(res.body.league.inviteCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(res.body.inviteLink).toBe(
      `http://localhost:3000/join?code=${res.body.league.inviteCode}`,
    );
    expect(res.body.teams.map((x: { name: string }) => x.name)).toEqual(['Ann FC', 'Ann Reserves']);
    const mine = await ann.get('/api/leagues/mine');
    expect(mine.body.leagues).toHaveLength(1);
    expect(mine.body.leagues[0].teams).toHaveLength(2);
  });

  it('refuses signed-out callers and guests', async () => {
    expect(
      errorOf(await t.agent().post('/api/leagues', { leagueName: 'X', teamName: 'Y' })),
    ).toEqual([401, 'SIGN_IN_TO_CREATE_LEAGUE', 'Please sign in to create a league']);
    const g = await guest(t);
    expect(
      (await g.post('/api/leagues', { leagueName: 'Guest League', teamName: 'G' })).status,
    ).toBe(403);
  });

  it('completes a creation asked for while signed out right after sign-in (pending creation)', async () => {
    const visitor = t.agent();
    const pending = {
      leagueName: 'Pending Party',
      teamName: 'Late Starters',
      competitionId: 'la_liga_2025',
    };
    expect((await visitor.post('/api/leagues', pending)).status).toBe(401);
    await visitor.signUp('pending@example.com');
    const done = await visitor.post('/api/leagues', pending);
    expect(done.status).toBe(201);
    expect(done.body.league).toMatchObject({ name: 'Pending Party', competitionRoute: '/la-liga' });
  });

  it.each([
    [{ leagueName: '', teamName: 'A' }, 'Please enter a league name'],
    [{ leagueName: '   ', teamName: 'A' }, 'Please enter a league name'],
    [{ leagueName: 'L', teamName: '' }, 'Please enter a team name'],
    [{ leagueName: 'x'.repeat(51), teamName: 'A' }, 'League names have at most 50 characters.'],
    [{ leagueName: 'L', teamName: 'y'.repeat(51) }, 'Team names have at most 50 characters.'],
    [
      { leagueName: 'L', teamName: 'Same', secondTeamName: 'SAME ' },
      'Team names must be different',
    ],
  ])('validates %j', async (body, message) => {
    const ann = await player(t);
    const res = await ann.post('/api/leagues', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await ann.get('/api/leagues/mine')).body.leagues).toEqual([]);
  });

  it('refuses an unknown competition and a league name that exists ignoring case', async () => {
    const ann = await player(t);
    expect(
      (
        await ann.post('/api/leagues', {
          leagueName: 'Nowhere',
          teamName: 'A',
          competitionId: 'no_such',
        })
      ).status,
    ).toBe(400);
    await createLeague(ann, 'Sunday Legends', 'Ann A');
    const bob = await player(t);
    expect(
      errorOf(await bob.post('/api/leagues', { leagueName: 'SUNDAY legends', teamName: 'Bob' })),
    ).toEqual([409, 'LEAGUE_NAME_TAKEN', 'This league name already exists.']);
  });

  it('adds the team when you already play in a league of that name and the team name is free', async () => {
    const ann = await player(t);
    const { league } = await createLeague(ann, 'Friday Five', 'Ann One');
    const res = await ann.post('/api/leagues', { leagueName: 'friday five', teamName: 'Ann Two' });
    expect(res.status).toBe(200);
    expect(res.body.addedToExisting).toBe(true);
    expect(res.body.league.id).toBe(league.id);
    expect(
      errorOf(
        await ann.post('/api/leagues', { leagueName: 'Friday Five', teamName: 'ANN ONE' }),
      )[1],
    ).toBe('OWN_TEAM_NAME_EXISTS');
  });
});

describe('join league', () => {
  it('joins by code (trimmed, any case) or by name ignoring case; a second join adds a team', async () => {
    const ann = await player(t);
    const { league } = await createLeague(ann, 'Pub Quiz United', 'Ann');
    const bob = await player(t, 'Bob');
    const byCode = await bob.post('/api/leagues/join', {
      codeOrName: `  ${league.inviteCode.toLowerCase()} `,
      teamName: 'Bob City',
    });
    expect(byCode.status).toBe(201);
    expect(byCode.body.league.id).toBe(league.id);
    const byName = await bob.post('/api/leagues/join', {
      codeOrName: 'PUB QUIZ united',
      teamName: 'Bob Rovers',
    });
    expect(byName.status).toBe(201);
    const members = (await t.agent().get(`/api/leagues/${league.id}`)).body.members.map(
      (m: { teamName: string }) => m.teamName,
    );
    expect(members).toEqual(['Ann', 'Bob City', 'Bob Rovers']);
  });

  it('gives the specification messages', async () => {
    const ann = await player(t);
    const { league } = await createLeague(ann, 'Messages League', 'Alpha');
    const bob = await player(t);
    expect(
      errorOf(await bob.post('/api/leagues/join', { codeOrName: 'ZZZZZZ', teamName: 'B' })),
    ).toEqual([404, 'INVALID_LEAGUE', 'Invalid league code or name.']);
    expect(errorOf(await bob.post('/api/leagues/join', { codeOrName: '', teamName: 'B' }))[2]).toBe(
      'Please enter a league code or name',
    );
    expect(
      errorOf(
        await bob.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: ' ' }),
      )[2],
    ).toBe('Please enter a team name');
    expect(
      errorOf(
        await bob.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'ALPHA' }),
      ),
    ).toEqual([409, 'TEAM_NAME_TAKEN', 'This team name is already taken in this league.']);
    expect(
      (
        await t
          .agent()
          .post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Anon' })
      ).status,
    ).toBe(401);
  });

  it('looks leagues up for the /join redirect, carrying the competition route', async () => {
    const ann = await player(t);
    const { league } = await createLeague(ann, 'Lookup League', 'A', {
      competitionId: 'serie_a_2025',
    });
    const byCode = await t
      .agent()
      .get(`/api/leagues/lookup?code=${league.inviteCode.toLowerCase()}`);
    expect(byCode.body.league).toMatchObject({ id: league.id, competitionRoute: '/serie-a' });
    const byName = await t.agent().get('/api/leagues/lookup?league=lookup%20LEAGUE');
    expect(byName.body.league.id).toBe(league.id);
    expect((await t.agent().get('/api/leagues/lookup?code=NOPE00')).status).toBe(404);
    expect((await t.agent().get('/api/leagues/lookup')).status).toBe(400);
  });
});

describe('quick join (guests)', () => {
  it('starts a guest session, re-enters only from the owning session, and keeps teams on upgrade', async () => {
    const ann = await player(t);
    const { league } = await createLeague(ann, 'Quick League', 'Ann');

    const phone = t.agent();
    const first = await phone.post('/api/leagues/quick-join', {
      teamName: 'Speedy',
      code: league.inviteCode.toLowerCase(),
    });
    expect(first.status).toBe(200);
    expect(first.body.reentered).toBe(false);
    expect(first.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(true);
    const me = (await phone.get('/api/account/me')).body.user;
    expect(me.isAnonymous).toBe(true);

    const again = await phone.post('/api/leagues/quick-join', {
      teamName: 'SPEEDY',
      code: league.inviteCode,
    });
    expect(again.status).toBe(200);
    expect(again.body.reentered).toBe(true);
    expect(again.body.team.id).toBe(first.body.team.id);

    const stranger = t.agent();
    expect(
      errorOf(
        await stranger.post('/api/leagues/quick-join', {
          teamName: 'speedy',
          code: league.inviteCode,
        }),
      ),
    ).toEqual([409, 'TEAM_NAME_TAKEN', 'This team name is already taken in this league.']);
    expect((await stranger.get('/api/account/me')).body.user).toBeNull(); // no stray guest

    // The guest adds an e-mail and password and keeps the team.
    await phone.signUp('speedy@example.com', 'correct-horse-9', 'Speedy Owner');
    const mine = (await phone.get('/api/leagues/mine')).body.leagues;
    expect(
      mine.map((l: { id: string; teams: { name: string }[] }) => [
        l.id,
        l.teams.map((x) => x.name),
      ]),
    ).toEqual([[league.id, ['Speedy']]]);
  });

  it('validates like the specification', async () => {
    expect(
      errorOf(await t.agent().post('/api/leagues/quick-join', { teamName: '', code: 'ABC123' }))[2],
    ).toBe('Please enter both team name and league code');
    expect(
      errorOf(await t.agent().post('/api/leagues/quick-join', { teamName: 'X', code: '' }))[2],
    ).toBe('Please enter both team name and league code');
    expect(
      (await t.agent().post('/api/leagues/quick-join', { teamName: 'X', code: 'ABCDEFG' })).status,
    ).toBe(400);
    expect(
      errorOf(await t.agent().post('/api/leagues/quick-join', { teamName: 'X', code: 'QQQQQQ' })),
    ).toEqual([404, 'INVALID_LEAGUE', 'League not found. Please check your league code.']);
  });
});

describe('league page', () => {
  it('is readable through the link without signing in, sorted by team name, without e-mail addresses', async () => {
    const ann = await player(t, 'Ann');
    const { league } = await createLeague(ann, 'Readable League', 'zebra united');
    const bob = await player(t, 'Bob');
    await bob.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Aardvarks' });
    const bobId = (await bob.get('/api/account/me')).body.user.id;
    await t.services.database.db
      .updateTable('user')
      .set({ name: '' })
      .where('id', '=', bobId)
      .execute();
    const page = await t.agent().get(`/api/leagues/${league.id}`);
    expect(page.status).toBe(200);
    expect(
      page.body.members.map((m: { teamName: string; manager: string }) => [m.teamName, m.manager]),
    ).toEqual([
      ['Aardvarks', 'Unnamed Player'],
      ['zebra united', 'Ann'],
    ]);
    expect(JSON.stringify(page.body)).not.toContain('@example.com');
    expect(
      JSON.stringify((await t.agent().get(`/api/leagues/${league.id}/standings`)).body),
    ).not.toContain('@example.com');
    expect(
      errorOf(await t.agent().get('/api/leagues/00000000-0000-0000-0000-000000000000')),
    ).toEqual([404, 'LEAGUE_NOT_FOUND', 'League not found.']);
  });
});

describe('another team', () => {
  it('is created by members only, with the specification messages', async () => {
    const ann = await player(t);
    const { league } = await createLeague(ann, 'Team Maker League', 'First');
    const created = await ann.post(`/api/leagues/${league.id}/teams`, { teamName: 'Second' });
    expect(created.status).toBe(201);
    expect(
      errorOf(await ann.post(`/api/leagues/${league.id}/teams`, { teamName: 'second' })),
    ).toEqual([
      409,
      'OWN_TEAM_NAME_EXISTS',
      'You already have a team with this name in this league',
    ]);
    const outsider = await player(t);
    expect(
      (await outsider.post(`/api/leagues/${league.id}/teams`, { teamName: 'Crasher' })).status,
    ).toBe(403);
    expect(
      (await t.agent().post(`/api/leagues/${league.id}/teams`, { teamName: 'Nobody' })).status,
    ).toBe(401);
  });
});
