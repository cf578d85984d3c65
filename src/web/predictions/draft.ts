import {
  clampMinute,
  jokersPerCompetition,
  isValidMinute,
  type Outcome,
  type PredictionInput,
} from '../../domain/prediction-rules';

/**
 * The prediction form's state as pure functions: saved predictions plus the player's unsaved
 * edits on top. Nothing here talks to the server; the server stays the authority (docs/design.md §3).
 */
export type OutcomeChoice = '' | Outcome;

export interface DraftEntry {
  outcome: OutcomeChoice;
  /** The minute as typed ('' = none), validated only when saving or showing the field. */
  minute: string;
  joker: boolean;
}

export type Edits = Readonly<Record<string, DraftEntry>>;

export interface SavedLike {
  fixtureId: string;
  outcome: Outcome;
  firstGoalMinute: number | null;
  joker: boolean;
}

export interface DraftFixture {
  id: string;
  locked: boolean;
  tbd: boolean;
}

export const emptyEntry: DraftEntry = { outcome: '', minute: '', joker: false };

export const entryFromSaved = (saved: SavedLike | undefined): DraftEntry =>
  saved
    ? {
        outcome: saved.outcome,
        minute: saved.firstGoalMinute === null ? '' : String(saved.firstGoalMinute),
        joker: saved.joker,
      }
    : emptyEntry;

export const savedById = (saved: readonly SavedLike[]) =>
  new Map(saved.map((p) => [p.fixtureId, p] as const));

/** What the form shows for a fixture: the edit if any, else the saved prediction. */
export const currentEntry = (
  fixtureId: string,
  edits: Edits,
  saved: ReadonlyMap<string, SavedLike>,
): DraftEntry => edits[fixtureId] ?? entryFromSaved(saved.get(fixtureId));

/** null = no minute, a number = valid, undefined = not a whole number 0-90. */
export const parseMinute = (text: string): number | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const minute = Number(trimmed);
  return isValidMinute(minute) ? minute : undefined;
};

export const minuteIsValid = (text: string) => parseMinute(text) !== undefined;

/** The stepper: one minute up or down from what is typed, kept within 0..90. */
export const stepMinute = (text: string, delta: number): string => {
  const current = Number(text.trim());
  const base = text.trim() === '' || !Number.isFinite(current) ? (delta > 0 ? -1 : 1) : current;
  return String(clampMinute(base + delta));
};

const sameEntry = (a: DraftEntry, b: DraftEntry) =>
  a.outcome === b.outcome &&
  a.joker === b.joker &&
  (parseMinute(a.minute) ?? a.minute.trim()) === (parseMinute(b.minute) ?? b.minute.trim());

/** Fixtures whose shown entry differs from what is saved. */
export const changedFixtureIds = (edits: Edits, saved: ReadonlyMap<string, SavedLike>) =>
  Object.entries(edits)
    .filter(([id, entry]) => !sameEntry(entry, entryFromSaved(saved.get(id))))
    .map(([id]) => id);

export const hasUnsavedChanges = (edits: Edits, saved: ReadonlyMap<string, SavedLike>) =>
  changedFixtureIds(edits, saved).length > 0;

/** Jokers placed in what the form shows (locked fixtures keep their saved joker). */
export const jokersLeft = (
  fixtures: readonly DraftFixture[],
  edits: Edits,
  saved: ReadonlyMap<string, SavedLike>,
  /** The league's jokers per season. */
  limit = jokersPerCompetition,
): number => {
  const used = fixtures.filter((f) => {
    const entry = f.locked ? entryFromSaved(saved.get(f.id)) : currentEntry(f.id, edits, saved);
    return entry.joker && entry.outcome !== '';
  }).length;
  return Math.max(0, limit - used);
};

/** A joker can go on an open fixture with an outcome while one is left; it can always come off. */
export const canToggleJoker = (entry: DraftEntry, left: number) =>
  entry.joker || (entry.outcome !== '' && left > 0);

export interface SaveBatch {
  predictions: PredictionInput[];
  /** Fixtures whose minute is not a whole number 0-90: nothing is sent until they are fixed. */
  invalid: string[];
}

/** The most predictions one save may carry (savePredictionsBody). */
export const maxBatch = 500;

/**
 * What Save sends: every open, predictable fixture of the season with an outcome (spec §4, §5),
 * edited on any round. A season can hold more open picks than one request carries: then the
 * unchanged ones, already saved, are left out.
 */
export const buildSaveBatch = (
  fixtures: readonly DraftFixture[],
  edits: Edits,
  saved: ReadonlyMap<string, SavedLike>,
): SaveBatch => {
  const batch: SaveBatch = { predictions: [], invalid: [] };
  for (const fixture of fixtures) {
    if (fixture.locked || fixture.tbd) continue;
    const entry = currentEntry(fixture.id, edits, saved);
    if (entry.outcome === '') continue;
    const minute = parseMinute(entry.minute);
    if (minute === undefined) {
      batch.invalid.push(fixture.id);
      continue;
    }
    batch.predictions.push({
      fixtureId: fixture.id,
      outcome: entry.outcome,
      firstGoalMinute: minute,
      joker: entry.joker,
    });
  }
  if (batch.predictions.length > maxBatch) {
    const changed = new Set(changedFixtureIds(edits, saved));
    batch.predictions = batch.predictions.filter((p) => changed.has(p.fixtureId));
  }
  return batch;
};

/**
 * Edits on fixtures that have locked since they were made (kick-off came first): they are
 * dropped, so the row shows what is saved again; `late` names those that differed from it.
 */
export const dropLockedEdits = (
  edits: Edits,
  saved: ReadonlyMap<string, SavedLike>,
  isLocked: (fixtureId: string) => boolean,
): { edits: Edits; late: string[] } => {
  const locked = Object.keys(edits).filter(isLocked);
  if (locked.length === 0) return { edits, late: [] };
  const changed = new Set(changedFixtureIds(edits, saved));
  return {
    edits: Object.fromEntries(Object.entries(edits).filter(([id]) => !locked.includes(id))),
    late: locked.filter((id) => changed.has(id)),
  };
};

/** Saved predictions that Delete can still remove (kicked-off ones are kept). */
export const deletableFixtureIds = (
  fixtures: readonly DraftFixture[],
  saved: ReadonlyMap<string, SavedLike>,
) => fixtures.filter((f) => !f.locked && saved.has(f.id)).map((f) => f.id);

/** Whether a team has any prediction on a fixture that is still open. */
export const hasOpenPredictions = (
  fixtures: readonly DraftFixture[],
  saved: readonly SavedLike[],
) => {
  const open = new Set(fixtures.filter((f) => !f.locked && !f.tbd).map((f) => f.id));
  return saved.some((p) => open.has(p.fixtureId));
};
