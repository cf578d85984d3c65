import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { localKeys, localKeysChangedEvent } from './local-keys';
import { myLeaguesQueryOptions, type MyLeagueItem, type MyTeamItem } from './queries';

/**
 * The active league and team: which of your teams the home page, the dashboard and the
 * prediction pages play with. The choice lives in localStorage (`currentLeagueId`,
 * `currentTeamId`); without one, the first league and its first team are active.
 */

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
};

const subscribe = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  window.addEventListener(localKeysChangedEvent, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(localKeysChangedEvent, onChange);
  };
};

/** Makes a league (and optionally one of its teams) the active one, in every open view. */
export const setActiveLeague = (leagueId: string, teamId?: string | null): void => {
  write(localKeys.currentLeagueId, leagueId);
  write(localKeys.currentTeamId, teamId ?? null);
  window.dispatchEvent(new Event(localKeysChangedEvent));
};

export interface ActiveSelection {
  league: MyLeagueItem | null;
  team: MyTeamItem | null;
}

/**
 * Picks the active league and team from the user's leagues: the stored ones when they still
 * exist, else the first league and its first team. `competitionId` narrows the choice to the
 * leagues of one competition (a competition page plays only with those).
 */
export const resolveActive = (
  leagues: MyLeagueItem[],
  storedLeagueId: string | null,
  storedTeamId: string | null,
  competitionId?: string,
): ActiveSelection => {
  const candidates = competitionId
    ? leagues.filter((l) => l.competitionId === competitionId)
    : leagues;
  const league = candidates.find((l) => l.id === storedLeagueId) ?? candidates[0] ?? null;
  const team = league
    ? (league.teams.find((t) => t.id === storedTeamId) ?? league.teams[0] ?? null)
    : null;
  return { league, team };
};

/**
 * The user's leagues plus the active league and team. Pass a competition id to get the active
 * team among that competition's leagues only.
 */
export const useActiveTeam = (options: { competitionId?: string; enabled?: boolean } = {}) => {
  const query = useQuery({ ...myLeaguesQueryOptions, enabled: options.enabled ?? true });
  const storedLeagueId = useSyncExternalStore(
    subscribe,
    () => read(localKeys.currentLeagueId),
    () => null,
  );
  const storedTeamId = useSyncExternalStore(
    subscribe,
    () => read(localKeys.currentTeamId),
    () => null,
  );
  const leagues = query.data ?? [];
  const { league, team } = resolveActive(
    leagues,
    storedLeagueId,
    storedTeamId,
    options.competitionId,
  );
  return {
    leagues,
    league,
    team,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    setActive: setActiveLeague,
  };
};
