/**
 * Keys this app keeps in localStorage (specification §3). Sign-out wipes every one of them
 * except the language choice.
 */
export const localKeys = {
  currentLeagueId: 'currentLeagueId',
  pendingLeagueCreation: 'pendingLeagueCreation',
  quickLoginUser: 'quick_login_user',
} as const;

export const clearSessionStorageKeys = (): void => {
  for (const key of Object.values(localKeys)) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage can be unavailable (private mode); nothing to wipe then.
    }
  }
};
