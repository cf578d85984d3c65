import { describe, expect, it } from 'vitest';
import {
  buildSaveBatch,
  canToggleJoker,
  changedFixtureIds,
  currentEntry,
  deletableFixtureIds,
  dropLockedEdits,
  hasOpenPredictions,
  hasUnsavedChanges,
  jokersLeft,
  maxBatch,
  parseMinute,
  savedById,
  stepMinute,
  type DraftEntry,
  type SavedLike,
} from './draft';

const fixtures = [
  { id: 'f1', locked: false, tbd: false },
  { id: 'f2', locked: false, tbd: false },
  { id: 'f3', locked: false, tbd: true },
  { id: 'f4', locked: true, tbd: false },
];
const entry = (outcome: DraftEntry['outcome'], minute = '', joker = false): DraftEntry => ({
  outcome,
  minute,
  joker,
});
const saved = (list: SavedLike[]) => savedById(list);

describe('first-goal minute', () => {
  it('accepts whole minutes 0-90 and an empty field', () => {
    expect(parseMinute('')).toBeNull();
    expect(parseMinute(' 0 ')).toBe(0);
    expect(parseMinute('90')).toBe(90);
    expect(parseMinute('07')).toBe(7);
  });

  it('refuses anything else', () => {
    for (const bad of ['91', '-1', '4.5', 'abc', '1e2']) expect(parseMinute(bad)).toBeUndefined();
  });

  it('the stepper clamps to 0..90', () => {
    expect(stepMinute('90', 1)).toBe('90');
    expect(stepMinute('0', -1)).toBe('0');
    expect(stepMinute('', 1)).toBe('0');
    expect(stepMinute('120', -1)).toBe('90');
    expect(stepMinute('44', 1)).toBe('45');
  });
});

describe('what Save sends', () => {
  it('only open, predictable fixtures that have an outcome', () => {
    const edits = {
      f1: entry('1', '23', true),
      f2: entry('', '10'),
      f3: entry('X'),
      f4: entry('2'),
    };
    const batch = buildSaveBatch(fixtures, edits, saved([]));
    expect(batch).toEqual({
      predictions: [{ fixtureId: 'f1', outcome: '1', firstGoalMinute: 23, joker: true }],
      invalid: [],
    });
  });

  it('includes saved predictions not edited, and an empty minute as null', () => {
    const batch = buildSaveBatch(
      fixtures,
      { f2: entry('X') },
      saved([{ fixtureId: 'f1', outcome: '2', firstGoalMinute: null, joker: false }]),
    );
    expect(batch.predictions).toEqual([
      { fixtureId: 'f1', outcome: '2', firstGoalMinute: null, joker: false },
      { fixtureId: 'f2', outcome: 'X', firstGoalMinute: null, joker: false },
    ]);
  });

  it('reports fixtures whose minute is out of range instead of sending them', () => {
    const batch = buildSaveBatch(
      fixtures,
      { f1: entry('1', '95'), f2: entry('2', '5') },
      saved([]),
    );
    expect(batch.invalid).toEqual(['f1']);
    expect(batch.predictions.map((p) => p.fixtureId)).toEqual(['f2']);
  });
});

describe('jokers', () => {
  it('counts jokers shown on open fixtures and kept on locked ones', () => {
    const kept = saved([{ fixtureId: 'f4', outcome: '1', firstGoalMinute: 3, joker: true }]);
    expect(jokersLeft(fixtures, {}, kept)).toBe(1);
    expect(jokersLeft(fixtures, { f1: entry('1', '', true) }, kept)).toBe(0);
    expect(jokersLeft(fixtures, { f4: entry('1', '', false) }, kept)).toBe(1);
  });

  it('a joker goes on a fixture with an outcome while one is left, and can always come off', () => {
    expect(canToggleJoker(entry('1'), 1)).toBe(true);
    expect(canToggleJoker(entry('1'), 0)).toBe(false);
    expect(canToggleJoker(entry(''), 2)).toBe(false);
    expect(canToggleJoker(entry('1', '', true), 0)).toBe(true);
  });
});

describe('unsaved changes', () => {
  const stored = saved([{ fixtureId: 'f1', outcome: '1', firstGoalMinute: 7, joker: false }]);

  it('an edit equal to what is saved is not a change', () => {
    expect(hasUnsavedChanges({ f1: entry('1', '07') }, stored)).toBe(false);
    expect(hasUnsavedChanges({ f2: entry('') }, stored)).toBe(false);
  });

  it('a different outcome, minute or joker is', () => {
    expect(changedFixtureIds({ f1: entry('X', '7') }, stored)).toEqual(['f1']);
    expect(changedFixtureIds({ f1: entry('1', '') }, stored)).toEqual(['f1']);
    expect(changedFixtureIds({ f1: entry('1', '7', true), f2: entry('2') }, stored)).toEqual([
      'f1',
      'f2',
    ]);
  });

  it('shows the edit over the saved prediction', () => {
    expect(currentEntry('f1', {}, stored)).toEqual(entry('1', '7'));
    expect(currentEntry('f1', { f1: entry('2') }, stored)).toEqual(entry('2'));
  });
});

describe('delete and copy', () => {
  const stored = [
    { fixtureId: 'f1', outcome: '1' as const, firstGoalMinute: null, joker: false },
    { fixtureId: 'f4', outcome: '2' as const, firstGoalMinute: 12, joker: false },
  ];

  it('deletes only predictions of fixtures that have not kicked off', () => {
    expect(deletableFixtureIds(fixtures, saved(stored))).toEqual(['f1']);
  });

  it('knows whether a team has predictions on open fixtures', () => {
    expect(hasOpenPredictions(fixtures, stored)).toBe(true);
    expect(hasOpenPredictions(fixtures, stored.slice(1))).toBe(false);
  });
});

describe('a season of rounds', () => {
  const season = Array.from({ length: 600 }, (_, i) => ({
    id: `s${i}`,
    locked: false,
    tbd: false,
  }));

  it('saves edits made on any round together', () => {
    const batch = buildSaveBatch(season, { s3: entry('1'), s420: entry('2', '', true) }, saved([]));
    expect(batch.predictions.map((p) => p.fixtureId)).toEqual(['s3', 's420']);
  });

  it('counts jokers over the whole season, not the round on screen', () => {
    const kept = saved([{ fixtureId: 's500', outcome: '1', firstGoalMinute: null, joker: true }]);
    expect(jokersLeft(season, { s2: entry('X', '', true) }, kept)).toBe(0);
  });

  it('leaves out unchanged saved picks when one request could not carry them all', () => {
    const all = saved(
      season.map((f) => ({ fixtureId: f.id, outcome: '1', firstGoalMinute: null, joker: false })),
    );
    const batch = buildSaveBatch(season, { s7: entry('2') }, all);
    expect(season.length).toBeGreaterThan(maxBatch);
    expect(batch.predictions.map((p) => p.fixtureId)).toEqual(['s7']);
  });
});

describe('changes that come too late', () => {
  const stored = saved([{ fixtureId: 'f1', outcome: '1', firstGoalMinute: 7, joker: false }]);
  const locked = (ids: string[]) => (id: string) => ids.includes(id);

  it('drops edits on fixtures that have locked and names those that were changes', () => {
    const edits = { f1: entry('2', '7'), f2: entry('X'), f4: entry('') };
    const result = dropLockedEdits(edits, stored, locked(['f1', 'f4']));
    expect(result.edits).toEqual({ f2: entry('X') });
    expect(result.late).toEqual(['f1']);
    // The row shows the saved pick again.
    expect(currentEntry('f1', result.edits, stored)).toEqual(entry('1', '7'));
  });

  it('leaves the draft alone while nothing edited has locked', () => {
    const edits = { f2: entry('X') };
    const result = dropLockedEdits(edits, stored, locked(['f1']));
    expect(result.edits).toBe(edits);
    expect(result.late).toEqual([]);
  });
});
