import { describe, expect, it } from 'vitest';
import { savedListRows } from './saved-list';

const now = new Date('2026-09-20T12:00:00Z');
const fixtures = [
  { id: 'old', kickoffAt: '2026-09-01T14:00:00Z' },
  { id: 'recent', kickoffAt: '2026-09-19T14:00:00Z' },
  { id: 'next', kickoffAt: '2026-09-27T14:00:00Z' },
  { id: 'soon', kickoffAt: '2026-09-21T14:00:00Z' },
];
const pick = (fixtureId: string) => ({
  fixtureId,
  outcome: '1' as const,
  firstGoalMinute: null,
  joker: false,
  points: null,
  updatedAt: '2026-08-01T00:00:00Z',
});
const isLocked = (f: { kickoffAt: string }) => Date.parse(f.kickoffAt) <= now.getTime();

describe('the saved list', () => {
  it('lists open picks and those of the last three days, in kick-off order', () => {
    const rows = savedListRows(
      fixtures,
      ['next', 'old', 'recent', 'soon', 'other-season'].map(pick),
      isLocked,
      now,
    );
    expect(rows.map((row) => row.fixture.id)).toEqual(['recent', 'soon', 'next']);
  });
});
