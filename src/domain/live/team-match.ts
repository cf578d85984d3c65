import { normaliseTeamName } from '../football-data';

/** Team names repeat in every poll and pairing: each is normalised once (a bounded memo). */
const normalised = new Map<string, string>();
const normal = (name: string) => {
  let value = normalised.get(name);
  if (value === undefined) {
    if (normalised.size >= 10_000) normalised.clear();
    value = normaliseTeamName(name);
    normalised.set(name, value);
  }
  return value;
};

/**
 * Which of our fixtures a source's match is (issue 28): same competition (the caller's), kick-off
 * within a day and a half, and both teams. Sources spell teams their own way ('Bayern Munich' /
 * 'FC Bayern München', 'Hamburg SV' / 'Hamburger SV', 'Brest' / 'Stade Brestois 29'): a name
 * counts as the same team when it normalises to ours or to one of its known aliases (the
 * catalogue's and those learnt from earlier pairings), and as resembling it when a distinctive
 * word is shared (or one word starts the other). A match is paired only with a clear best
 * fixture: both teams at least resembling, and no other fixture as good. Pure.
 */

export interface FixtureForMatching {
  id: string;
  kickoffAt: string;
  homeTeam: string;
  awayTeam: string;
}

export interface MatchToPair {
  kickoffAt: string;
  home: readonly string[];
  away: readonly string[];
}

/** Our team name → other spellings of it (any case, any accents). */
export type TeamAliases = ReadonlyMap<string, readonly string[]>;

/** Words many clubs share: they never make two names resemble each other on their own. */
const commonWords = new Set([
  'albion',
  'athletic',
  'atletico',
  'borussia',
  'calcio',
  'city',
  'county',
  'deportivo',
  'olympique',
  'racing',
  'real',
  'rovers',
  'sporting',
  'stade',
  'town',
  'united',
  'wanderers',
]);

/** Club-type abbreviations: 'SV Werder Bremen' and 'SV Elversberg' are not alike by 'sv'. */
const clubTypes = new Set(
  'ac as ca cd csd fsv ogc rc rcd sc sd sk ss ssc sv tsg ud us vfb vfl'.split(' '),
);

const distinctiveWords = (name: string) =>
  normal(name)
    .split(' ')
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !commonWords.has(w) && !clubTypes.has(w));

/** 'psv' = 'psv'; 'hamburg' starts 'hamburger', 'lyon' 'lyonnais' (four letters at least). */
const wordsMeet = (a: string, b: string) =>
  a === b || (a.length >= 4 && b.startsWith(a)) || (b.length >= 4 && a.startsWith(b));

/** 2: the same team; 1: resembling; 0: another team. */
export const teamLikeness = (ours: string, theirs: readonly string[], aliases: TeamAliases) => {
  const known = new Set([ours, ...(aliases.get(ours) ?? [])].map(normal).filter((n) => n !== ''));
  if (theirs.some((n) => known.has(normal(n)))) return 2;
  const ourWords = distinctiveWords(ours);
  const resembles = theirs.some((n) =>
    distinctiveWords(n).some((w) => ourWords.some((o) => wordsMeet(o, w))),
  );
  return resembles ? 1 : 0;
};

/** How far apart two kick-offs may be and still be the same match. */
export const pairingWindowMs = 36 * 3_600_000;

/**
 * The fixture a match is, or null when none is clearly it. Each side scores its likeness; a
 * fixture needs both sides at least resembling; the best must beat the second best (equal
 * scores are told apart by the nearer kick-off only when both teams are the same teams).
 */
export const pairMatch = <F extends FixtureForMatching>(
  match: MatchToPair,
  fixtures: readonly F[],
  aliases: TeamAliases = new Map(),
): F | null => {
  const when = new Date(match.kickoffAt).getTime();
  const scored = fixtures
    .map((f) => {
      const distance = Math.abs(new Date(f.kickoffAt).getTime() - when);
      const home = teamLikeness(f.homeTeam, match.home, aliases);
      const away = teamLikeness(f.awayTeam, match.away, aliases);
      return { fixture: f, distance, score: home + away, both: home > 0 && away > 0 };
    })
    .filter((s) => s.both && s.distance <= pairingWindowMs)
    .sort((a, b) => b.score - a.score || a.distance - b.distance);
  const [best, second] = scored;
  if (!best) return null;
  if (!second || second.score < best.score) return best.fixture;
  // The same two teams twice within the window (a replay): the nearer kick-off is the match.
  return best.score === 4 && second.distance > best.distance ? best.fixture : null;
};
