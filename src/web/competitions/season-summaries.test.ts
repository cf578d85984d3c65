import { describe, expect, it } from 'vitest';
import catalogue from '../../../catalogue/competitions.json';
import { previousSeason, seasonSummaries, summaryFor } from './season-summaries';

describe("a finished season's facts", () => {
  it('show only on a page of the season after the one they tell of', () => {
    expect(summaryFor('championship-2024-25', '2025-26')?.season).toBe('2024-25');
    // November 2026: the page shows 2026-27, and 2024-25 facts are stale.
    expect(summaryFor('championship-2024-25', '2026-27')).toBeNull();
    expect(summaryFor('wsl-2024-25', '2026-27')).toBeNull();
    expect(summaryFor(null, '2025-26')).toBeNull();
  });

  it("are the ones the catalogue's summary keys name, each named once", () => {
    const named = catalogue.competitions.flatMap((c) => (c.summaryKey ? [c.summaryKey] : []));
    expect([...named].sort()).toEqual(Object.keys(seasonSummaries).sort());
    const byId = new Map(catalogue.competitions.map((c) => [c.id, c.summaryKey]));
    expect(byId.get('efl_championship_2025')).toBe('championship-2024-25');
    expect(byId.get('premier_league')).toBeNull();
  });

  it('count seasons back across centuries and calendar years', () => {
    expect(previousSeason('2026-27')).toBe('2025-26');
    expect(previousSeason('2000-01')).toBe('1999-00');
    expect(previousSeason('2026')).toBe('2025');
    expect(previousSeason('Autumn')).toBeNull();
  });
});
