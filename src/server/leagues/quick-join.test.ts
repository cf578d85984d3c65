import { describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';
import { startGuestSession, type SessionUser } from '../auth/auth';
import { findTeamByName } from './repository';
import { quickJoin, type GuestStarter } from './service';

const t = appPerFile();

const now = new Date('2026-08-01T12:00:00Z');

/** A starter that records what the service asked of it; `beforeReturn` runs as the guest starts. */
const starter = (beforeReturn: () => Promise<void> = async () => {}) => {
  const calls = { started: [] as SessionUser[], discarded: [] as SessionUser[] };
  const guests: GuestStarter = {
    start: async () => {
      const { user } = await startGuestSession(t.services.auth, new Headers());
      calls.started.push(user);
      await beforeReturn();
      return user;
    },
    discard: async (guest) => {
      calls.discarded.push(guest);
    },
  };
  return { guests, calls };
};

describe('quick join (service)', () => {
  it('starts a guest for a visitor and joins it with the team', async () => {
    const { league } = await createLeague(await player(t, 'Ann'), 'Guest Door', 'Ann');
    const { guests, calls } = starter();
    const joined = await quickJoin(
      t.services,
      null,
      { code: league.inviteCode, teamName: 'Quick' },
      now,
      guests,
    );
    expect(calls.started).toHaveLength(1);
    expect(joined).toMatchObject({ reentered: false, user: { isAnonymous: true } });
    expect(joined.team.userId).toBe(calls.started[0]?.id);
    expect(calls.discarded).toEqual([]);
  });

  it('discards the guest it started when the name was taken meanwhile (lost race)', async () => {
    const ann = await player(t, 'Bea');
    const { league } = await createLeague(ann, 'Race Track', 'Bea');
    const rival = await player(t, 'Rival');
    // The rival takes the name while the visitor's guest session starts.
    const { guests, calls } = starter(async () => {
      const res = await rival.post('/api/leagues/join', {
        codeOrName: league.inviteCode,
        teamName: 'Photo Finish',
      });
      expect(res.status).toBe(201);
    });
    await expect(
      quickJoin(
        t.services,
        null,
        { code: league.inviteCode, teamName: 'photo finish' },
        now,
        guests,
      ),
    ).rejects.toMatchObject({ code: 'TEAM_NAME_TAKEN' });
    expect(calls.discarded.map((g) => g.id)).toEqual(calls.started.map((g) => g.id));
    const team = await findTeamByName(t.services.database.db, league.id, 'Photo Finish');
    expect(team?.userId).not.toBe(calls.started[0]?.id);
  });

  it('starts no guest for a name another player holds, nor for a signed-in player', async () => {
    const cy = await player(t, 'Cy');
    const { league } = await createLeague(cy, 'Closed Door', 'Cy Team');
    const { guests, calls } = starter();
    await expect(
      quickJoin(t.services, null, { code: league.inviteCode, teamName: 'CY TEAM' }, now, guests),
    ).rejects.toMatchObject({ code: 'TEAM_NAME_TAKEN' });
    const me = (await (await player(t, 'Dee')).get('/api/account/me')).body.user as SessionUser;
    const joined = await quickJoin(
      t.services,
      me,
      { code: league.inviteCode, teamName: 'Dee' },
      now,
      guests,
    );
    expect(joined.user?.id).toBe(me.id);
    expect(calls.started).toEqual([]);
  });
});
