import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clubBadge, contrast } from '../../domain/club-badge';
import { clubColoursFile } from '../../domain/clubs';
import { clubsOf } from './club-colours';

const catalogue = new URL('../../../catalogue/', import.meta.url);
const { clubs } = clubColoursFile.parse(
  JSON.parse(readFileSync(new URL('club-colours.json', catalogue), 'utf8')),
);
/** Every club of the built-in fixtures. */
const allClubs = () => {
  const names = new Set<string>();
  const dir = new URL('fixtures/', catalogue);
  for (const season of readdirSync(dir))
    for (const file of readdirSync(new URL(`${season}/`, dir))) {
      const content = JSON.parse(readFileSync(new URL(`${season}/${file}`, dir), 'utf8')) as {
        fixtures: { homeTeam: string; awayTeam: string }[];
      };
      for (const f of content.fixtures) names.add(f.homeTeam).add(f.awayTeam);
    }
  return [...names];
};

describe("the catalogue's club colours", () => {
  it('writes every club of the catalogue at 4.5:1 or more on its badge (the badge carries its own background, the same in both themes)', () => {
    const names = allClubs();
    expect(names.length).toBeGreaterThan(300);
    for (const name of names) {
      const badge = clubBadge(name, clubs[name]);
      expect(contrast(badge.text, badge.background), name).toBeGreaterThanOrEqual(4.5);
      expect(badge.initials.length, name).toBeGreaterThanOrEqual(1);
      expect(badge.initials.length, name).toBeLessThanOrEqual(4);
    }
    // Most clubs of the current big leagues have their own colours (facts), not a made-up one.
    const known = names.filter((n) => clubs[n]);
    expect(known.length).toBeGreaterThan(200);
  });

  it('are given for the clubs a response names, known ones only', () => {
    expect(clubsOf(['Arsenal FC', 'Nobody United', 'Arsenal FC'])).toEqual({
      'Arsenal FC': { colour: '#ef0107', alternate: '#ffdf00', abbreviation: 'ARS' },
    });
  });
});
