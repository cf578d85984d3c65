import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ClubColours } from '../../domain/club-badge';
import { clubColoursFile, type Clubs } from '../../domain/clubs';

const file = fileURLToPath(new URL('../../../catalogue/club-colours.json', import.meta.url));

let known: ReadonlyMap<string, ClubColours> | null = null;

/** catalogue/club-colours.json (facts; scripts/build-club-colours.ts), read once. */
const clubColours = () => {
  if (!known) {
    const { clubs } = clubColoursFile.parse(JSON.parse(readFileSync(file, 'utf8')));
    known = new Map(
      Object.entries(clubs).map(([name, c]) => [
        name,
        { colour: c.colour, alternate: c.alternate, abbreviation: c.abbreviation },
      ]),
    );
  }
  return known;
};

/**
 * The colours of the clubs a response names (issue 31, point 18), for the badges the page draws:
 * only clubs the catalogue knows (the page gives others a colour from their name).
 */
export const clubsOf = (names: Iterable<string>): Clubs => {
  const colours = clubColours();
  const clubs: Clubs = {};
  for (const name of names) {
    const found = colours.get(name);
    if (found) clubs[name] = found;
  }
  return clubs;
};

/** The clubs of some fixtures. */
export const clubsOfFixtures = (fixtures: readonly { homeTeam: string; awayTeam: string }[]) =>
  clubsOf(fixtures.flatMap((f) => [f.homeTeam, f.awayTeam]));
