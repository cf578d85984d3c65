/**
 * History state one page hands another. /competitions shows `inviteError` after an invite link
 * whose league does not exist (the join redirect sends players there); a competition's page
 * brings the first open fixture without a pick into view and focuses it with `fillMissing` (the
 * hub's 'Fill N picks').
 */
export interface InviteErrorState {
  inviteError: string;
}

export interface FillMissingState {
  fillMissing: true;
}

export const isFillMissing = (state: unknown): state is FillMissingState =>
  typeof state === 'object' && state !== null && (state as FillMissingState).fillMissing === true;
