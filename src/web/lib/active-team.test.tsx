import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { resolveActive, setActiveLeague, useActiveTeam } from './active-team';
import { clearSessionStorageKeys, localKeys } from './local-keys';
import { myLeaguesQueryOptions, type MyLeagueItem } from './queries';
import { defaultLeagueRules } from '../../domain/league-rules';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const league = (id: string, competitionId: string, teams: string[]): MyLeagueItem => ({
  id,
  name: `League ${id}`,
  inviteCode: 'ABC123',
  unread: 0,
  competitionId,
  competitionName: competitionId,
  competitionRoute: `/${competitionId}`,
  joinByName: true,
  isAdmin: false,
  rules: { ...defaultLeagueRules },
  teams: teams.map((t) => ({ id: t, name: `Team ${t}`, leagueId: id })),
});

const leagues = [
  league('a', 'premier_league', ['a1', 'a2']),
  league('b', 'bundesliga_2025', ['b1']),
  league('c', 'premier_league', ['c1']),
];

describe('resolveActive', () => {
  it('defaults to the first league and its first team', () => {
    const { league: l, team } = resolveActive(leagues, null, null);
    expect(l?.id).toBe('a');
    expect(team?.id).toBe('a1');
  });

  it('keeps the stored league and team while they exist', () => {
    expect(resolveActive(leagues, 'a', 'a2').team?.id).toBe('a2');
    expect(resolveActive(leagues, 'c', 'a2').team?.id).toBe('c1');
    expect(resolveActive(leagues, 'gone', 'gone').league?.id).toBe('a');
  });

  it('narrows to one competition when asked', () => {
    expect(resolveActive(leagues, 'b', null, 'premier_league').league?.id).toBe('a');
    expect(resolveActive(leagues, 'c', null, 'premier_league').league?.id).toBe('c');
    expect(resolveActive(leagues, 'a', null, 'la_liga_2025')).toEqual({ league: null, team: null });
  });

  it('has nothing when the user has no league', () => {
    expect(resolveActive([], 'a', 'a1')).toEqual({ league: null, team: null });
  });
});

describe('useActiveTeam', () => {
  const dom = domPerTest();
  let seen: ReturnType<typeof useActiveTeam> | null = null;
  const Probe = () => {
    seen = useActiveTeam();
    return null;
  };

  beforeEach(() => {
    localStorage.clear();
    dom.queryClient.setQueryData(myLeaguesQueryOptions.queryKey, leagues);
    dom.render(<Probe />);
  });

  it('follows setActiveLeague, stores the choice, and forgets it on sign-out', () => {
    expect(seen?.team?.id).toBe('a1');
    act(() => setActiveLeague('c'));
    expect(seen?.league?.id).toBe('c');
    expect(localStorage.getItem(localKeys.currentLeagueId)).toBe('c');
    act(() => setActiveLeague('a', 'a2'));
    expect(seen?.team?.id).toBe('a2');
    expect(localStorage.getItem(localKeys.currentTeamId)).toBe('a2');
    act(() => clearSessionStorageKeys());
    expect(seen?.team?.id).toBe('a1');
    expect(localStorage.getItem(localKeys.currentLeagueId)).toBeNull();
  });
});
