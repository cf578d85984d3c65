/**
 * History state one page hands another. /competitions shows `inviteError` after an invite link
 * whose league does not exist (the join redirect sends players there).
 */
export interface InviteErrorState {
  inviteError: string;
}
