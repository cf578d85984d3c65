import { describe, expect, it } from 'vitest';
import { previousSeason, summaryFor } from './season-summaries';

describe("a finished season's facts", () => {
  it('show only on a page of the season after the one they tell of', () => {
    expect(summaryFor('efl_championship_2025', '2025-26')?.season).toBe('2024-25');
    // November 2026: the page shows 2026-27, and 2024-25 facts are stale.
    expect(summaryFor('efl_championship_2025', '2026-27')).toBeNull();
    expect(summaryFor('wsl', '2026-27')).toBeNull();
    expect(summaryFor('premier_league', '2025-26')).toBeNull();
  });

  it('count seasons back across centuries and calendar years', () => {
    expect(previousSeason('2026-27')).toBe('2025-26');
    expect(previousSeason('2000-01')).toBe('1999-00');
    expect(previousSeason('2026')).toBe('2025');
    expect(previousSeason('Autumn')).toBeNull();
  });
});
