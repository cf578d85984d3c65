/**
 * Keys this app keeps in localStorage (specification §3). Sign-out wipes every one of them
 * except the language choice.
 */
export const localKeys = {
  currentLeagueId: 'currentLeagueId',
  /** The active team inside the current league (a player may hold several). */
  currentTeamId: 'currentTeamId',
  pendingLeagueCreation: 'pendingLeagueCreation',
  quickLoginUser: 'quick_login_user',
  /** Teams whose 'copy your picks' banner the player dismissed (JSON list of team ids). */
  copyBannerDismissed: 'copyBannerDismissed',
  /** Moments already celebrated on this device (JSON list of ids, the latest 200). */
  celebrated: 'firstgoal.celebrated',
} as const;

/** Fired on window when this tab changes one of the keys (the `storage` event covers other tabs). */
export const localKeysChangedEvent = 'firstgoal:local-keys-changed';

/** Session storage: a team's unsaved picks, `${draftKeyPrefix}${teamId}` (predictions/draft-storage.ts). */
export const draftKeyPrefix = 'firstgoal.draft.';

export const clearSessionStorageKeys = (): void => {
  for (const key of Object.values(localKeys)) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage can be unavailable (private mode); nothing to wipe then.
    }
  }
  // Unsaved picks kept in this tab go with the player who made them.
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(draftKeyPrefix)) sessionStorage.removeItem(key);
  } catch {
    // Unavailable storage holds nothing to wipe.
  }
  globalThis.dispatchEvent?.(new Event(localKeysChangedEvent));
};
