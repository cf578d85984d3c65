import { describe, expect, it } from 'vitest';
import { competitionState } from './competitions';

describe('competitionState', () => {
  it('follows the current season’s fixtures; coming soon only while a source lists none', () => {
    expect(competitionState('coming_soon', { fixtures: 0, open: 0 })).toBe('coming_soon');
    // Issue 50: a coming-soon page a source has given fixtures is playable.
    expect(competitionState('coming_soon', { fixtures: 10, open: 5 })).toBe('open');
    expect(competitionState('table', { fixtures: 0, open: 0 })).toBe('to_be_announced');
    expect(competitionState('featured', { fixtures: 380, open: 1 })).toBe('open');
    expect(competitionState('tournament', { fixtures: 64, open: 0 })).toBe('round_finished');
  });
});
