import { z } from 'zod';
import { localKeys } from '../../lib/local-keys';

/** A Create League form kept while a signed-out player signs in (specification §4). */
const pendingSchema = z.object({
  leagueName: z.string(),
  teamName: z.string(),
  secondTeamName: z.string().optional(),
  competitionId: z.string(),
});
export type PendingCreation = z.infer<typeof pendingSchema>;

export const savePendingCreation = (value: PendingCreation): void => {
  try {
    localStorage.setItem(localKeys.pendingLeagueCreation, JSON.stringify(value));
  } catch {
    // No storage: the player fills the form again after signing in.
  }
};

/** Reads and removes the stored form (it is used once). */
export const takePendingCreation = (): PendingCreation | null => {
  try {
    const raw = localStorage.getItem(localKeys.pendingLeagueCreation);
    if (raw === null) return null;
    localStorage.removeItem(localKeys.pendingLeagueCreation);
    const parsed = pendingSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
