import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff';

describe('auditDiff', () => {
  it('keeps only the keys that changed', () => {
    expect(
      auditDiff(
        { status: 'scheduled', homeScore: null, awayScore: null, homeTeam: 'A' },
        { status: 'final', homeScore: 2, awayScore: 1, homeTeam: 'A' },
      ),
    ).toEqual([
      { key: 'status', before: 'scheduled', after: 'final' },
      { key: 'homeScore', before: null, after: 2 },
      { key: 'awayScore', before: null, after: 1 },
    ]);
  });

  it('lists what a creation set, skipping empty values', () => {
    expect(auditDiff(null, { round: 'Matchday 3', venue: '' })).toEqual([
      { key: 'round', before: null, after: 'Matchday 3' },
    ]);
  });

  it('compares plain values as one line', () => {
    expect(auditDiff('user', 'admin')).toEqual([{ key: 'value', before: 'user', after: 'admin' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});
