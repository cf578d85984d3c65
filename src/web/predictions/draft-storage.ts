import { draftKeyPrefix as prefix } from '../lib/local-keys';
import type { DraftEntry, Edits } from './draft';

/**
 * A team's unsaved picks kept in this tab's session storage, so Back, Forward or a reload does not
 * lose them (they come back marked 'not saved yet'). Signing out wipes them
 * (`clearSessionStorageKeys`).
 */

const isEntry = (value: unknown): value is DraftEntry => {
  const e = value as DraftEntry;
  return (
    typeof e === 'object' &&
    e !== null &&
    ['', '1', 'X', '2'].includes(e.outcome) &&
    typeof e.minute === 'string' &&
    e.minute.length <= 8 &&
    typeof e.joker === 'boolean'
  );
};

const storage = () => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/** The team's kept draft (empty when there is none or it cannot be read). */
export const loadDraft = (teamId: string): Edits => {
  try {
    const raw = storage()?.getItem(`${prefix}${teamId}`);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, entry]) => isEntry(entry)));
  } catch {
    return {};
  }
};

/** Keeps the team's draft (or forgets it when empty). Storage may be full or off: then nothing. */
export const saveDraft = (teamId: string, edits: Edits) => {
  try {
    const key = `${prefix}${teamId}`;
    if (Object.keys(edits).length === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(edits));
  } catch {
    // Nothing kept: the page still works, the draft just does not survive a reload.
  }
};

/**
 * The draft to start from: entries of this season's fixtures still open; how many were dropped
 * because their match has started meanwhile.
 */
export const restoreDraft = (
  teamId: string,
  open: (fixtureId: string) => boolean | null,
): { edits: Edits; dropped: number } => {
  const kept = loadDraft(teamId);
  const edits: Record<string, DraftEntry> = {};
  let dropped = 0;
  for (const [id, entry] of Object.entries(kept)) {
    const state = open(id);
    if (state === true) edits[id] = entry;
    else if (state === false) dropped += 1;
  }
  return { edits, dropped };
};
