/**
 * Developer tool: writes catalogue/club-colours.json, the colours and short names of the clubs in
 * the built-in fixtures (issue 31, point 18), from facts only:
 * - ESPN's recorded scoreboard answers in ../shared/data/live/espn/ carry each club's `color`,
 *   `alternateColor` and `abbreviation`;
 * - catalogue/club-colours-by-hand.json gives clubs those answers do not cover, where known.
 * A club of neither gets a stable colour from its name in the app (domain/club-badge.ts).
 * Run: node --import tsx scripts/build-club-colours.ts [path/to/shared/data]
 * The output is committed; the app never reads the recorded answers.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { teamLikeness } from '../src/domain/live/team-match';
import { readLiveSourceMap } from '../src/server/competitions/catalogue';

const root = fileURLToPath(new URL('../', import.meta.url));
const dataDir = resolve(process.argv[2] ?? join(root, '../shared/data'));
const catalogueDir = join(root, 'catalogue');

interface EspnTeam {
  displayName?: string;
  shortDisplayName?: string;
  name?: string;
  abbreviation?: string;
  color?: unknown;
  alternateColor?: unknown;
}

interface ClubColours {
  colour: string;
  alternate: string;
  abbreviation: string;
}

/** A colour as the answers write it ('0606fa'; some answers give digits alone as a number). */
const hex = (value: unknown) => {
  const text = typeof value === 'number' ? String(value).padStart(6, '0') : value;
  return typeof text === 'string' && /^[0-9a-f]{6}$/i.test(text) ? `#${text.toLowerCase()}` : null;
};

/** Every club of the recorded answers with colours (the last answer naming a club wins). */
const espnClubs = () => {
  const dir = join(dataDir, 'live/espn');
  const clubs = new Map<string, { names: string[]; colours: ClubColours }>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const answer = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      events?: { competitions?: { competitors?: { team?: EspnTeam }[] }[] }[];
    };
    for (const event of answer.events ?? [])
      for (const competition of event.competitions ?? [])
        for (const { team } of competition.competitors ?? []) {
          const colour = hex(team?.color);
          const alternate = hex(team?.alternateColor);
          if (!team?.displayName || !colour || !alternate || !team.abbreviation) continue;
          clubs.set(team.displayName, {
            names: [team.displayName, team.shortDisplayName, team.name].filter((n): n is string =>
              Boolean(n),
            ),
            colours: { colour, alternate, abbreviation: team.abbreviation.toUpperCase() },
          });
        }
  }
  return [...clubs.values()];
};

/** Every club name of the built-in fixtures. */
const catalogueClubs = () => {
  const names = new Set<string>();
  const fixturesDir = join(catalogueDir, 'fixtures');
  for (const season of readdirSync(fixturesDir))
    for (const file of readdirSync(join(fixturesDir, season))) {
      const content = JSON.parse(readFileSync(join(fixturesDir, season, file), 'utf8')) as {
        fixtures: { homeTeam: string; awayTeam: string }[];
      };
      for (const f of content.fixtures) names.add(f.homeTeam).add(f.awayTeam);
    }
  return [...names].sort();
};

const aliases = new Map<string, string[]>();
for (const competition of Object.values(readLiveSourceMap()))
  for (const [name, others] of Object.entries(competition.aliases ?? {}))
    aliases.set(name, [...(aliases.get(name) ?? []), ...others]);

const espn = espnClubs();
const byHand = JSON.parse(
  readFileSync(join(catalogueDir, 'club-colours-by-hand.json'), 'utf8'),
) as { sameAs: Record<string, string>; clubs: Record<string, [string, string, string]> };

const clubs: Record<string, ClubColours & { source: 'espn' | 'by hand' }> = {};
const unmatched: string[] = [];
for (const name of catalogueClubs()) {
  // The same club only (its name, a known alias, or the club it is said to be; a tournament's
  // '(ENG)' set aside): names that merely resemble ('Bristol City', 'Bristol Rovers') are often
  // two clubs.
  const plain = name.replace(/\s*\([A-Z]{3}\)$/, '');
  const same = espn.filter((c) =>
    byHand.sameAs[plain]
      ? c.names.includes(byHand.sameAs[plain])
      : teamLikeness(plain, c.names, aliases) === 2,
  );
  const found = same.length === 1 ? same[0] : null;
  const hand = byHand.clubs[plain];
  if (hand) {
    const [colour, alternate, abbreviation] = hand;
    clubs[name] = { colour, alternate, abbreviation, source: 'by hand' };
  } else if (found) clubs[name] = { ...found.colours, source: 'espn' };
  else unmatched.push(name);
}

writeFileSync(
  join(catalogueDir, 'club-colours.json'),
  `${JSON.stringify(
    {
      $comment:
        "Club colours and short names (facts) for the badges: from ESPN's recorded answers (../shared/data/live/espn) and club-colours-by-hand.json, written by scripts/build-club-colours.ts. Clubs not listed get a stable colour from their name.",
      clubs,
    },
    null,
    2,
  )}\n`,
);
process.stdout.write(
  `${Object.keys(clubs).length} clubs with colours (${Object.values(clubs).filter((c) => c.source === 'espn').length} from ESPN), ${unmatched.length} from their names:\n${unmatched.join(', ')}\n`,
);
