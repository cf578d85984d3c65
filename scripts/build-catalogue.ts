/**
 * Developer tool: writes catalogue/fixtures/<competition_id>.json from the open data in
 * ../shared/data (openfootball, CC0 1.0) plus the hand-written women's Euro fixtures.
 * Run: node --import tsx scripts/build-catalogue.ts [path/to/shared/data]
 * The output is committed; the app never reads the open data at start.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  builtInFixturePrefixes,
  catalogueFixtureFile,
  type CatalogueFixture,
  type CatalogueFixtureFile,
} from '../src/domain/fixtures';
import { openDataKickoff, zonedLocalToUtc } from '../src/domain/kickoff';
import { readCompetitionCatalogue } from '../src/server/competitions/catalogue';

const root = fileURLToPath(new URL('../', import.meta.url));
const dataDir = resolve(process.argv[2] ?? join(root, '../shared/data'));
const outDir = join(root, 'catalogue/fixtures');

/** Playable leagues: the first round of their season becomes the prediction round. */
const leagueSources: Record<string, string> = {
  premier_league: 'football.json/2025-26/en.1.json',
  efl_championship_2025: 'football.json/2025-26/en.2.json',
  efl_league_one_2025: 'football.json/2025-26/en.3.json',
  efl_league_two_2025: 'football.json/2025-26/en.4.json',
  scottish_premiership_2025: 'football.json/2025-26/sco.1.json',
  bundesliga_2025: 'football.json/2025-26/de.1.json',
  la_liga_2025: 'football.json/2025-26/es.1.json',
  la_liga2_2025: 'football.json/2025-26/es.2.json',
  ligue1_2025: 'football.json/2025-26/fr.1.json',
  serie_a_2025: 'football.json/2025-26/it.1.json',
  eredivisie_2025: 'football.json/2025-26/nl.1.json',
  mls_2025: 'football.json/2025/mls.json',
};
const clubWorldCup = {
  competitionId: 'fifa_club_world_cup_2025',
  file: 'worldcup.json/2025/clubworldcup.json',
  // Stage order. The file also holds the qualification play-off (LAFC v América, 31 May),
  // which is not a tournament match: it is left out, leaving the 63 matches of the tournament.
  skip: ['Qualification, Playoffs'],
  rounds: [
    ...[...'ABCDEFGH'].map((group) => `Group ${group}`),
    'Round of 16',
    'Quarterfinals',
    'Semifinals',
    'Final',
  ],
};

const openDataFile = z.object({
  matches: z
    .array(
      z.object({
        round: z.string().min(1),
        date: z.string(),
        time: z.string().optional(),
        team1: z.string().min(1),
        team2: z.string().min(1),
        ground: z.string().optional(),
      }),
    )
    .min(1),
});
type OpenDataMatch = z.infer<typeof openDataFile>['matches'][number];

const fail = (message: string): never => {
  console.error(`build-catalogue: ${message}`);
  process.exit(1);
};

const readOpenData = (relative: string): OpenDataMatch[] => {
  const path = join(dataDir, relative);
  if (!existsSync(path)) fail(`${path} is missing`);
  return openDataFile.parse(JSON.parse(readFileSync(path, 'utf8'))).matches;
};

const timeZones = new Map(readCompetitionCatalogue().map((c) => [c.id, c.timeZone]));
const timeZoneOf = (competitionId: string): string =>
  timeZones.get(competitionId) ?? fail(`${competitionId} is not in catalogue/competitions.json`);

/** 'Matchday 1' and '1. Round' → { label: 'Matchday 1', order: 1 }. */
const leagueRound = (round: string) => {
  const n = /^Matchday (\d+)$/.exec(round)?.[1] ?? /^(\d+)\. Round$/.exec(round)?.[1];
  return n ? { label: `Matchday ${Number(n)}`, order: Number(n) } : fail(`odd round '${round}'`);
};

type Draft = Omit<CatalogueFixture, 'id'>;

const toDraft = (m: OpenDataMatch, timeZone: string, round: string, order: number): Draft => {
  if (!m.time) return fail(`${m.date} ${m.team1} v ${m.team2} has no kick-off time`);
  return {
    round,
    roundOrder: order,
    kickoffAt: openDataKickoff(m.date, m.time, timeZone).toISOString(),
    homeTeam: m.team1,
    awayTeam: m.team2,
    ...(m.ground ? { venue: m.ground } : {}),
  };
};

/** Numbers fixtures <prefix>1.. in kick-off order; ties keep their order (stable sort). */
const numbered = (competitionId: string, drafts: Draft[], first = 1): CatalogueFixture[] =>
  [...drafts]
    .sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt))
    .map((d, i) => ({ id: `${builtInFixturePrefixes[competitionId]}${first + i}`, ...d }));

const leagueFile = (competitionId: string, relative: string): CatalogueFixtureFile => {
  const matches = readOpenData(relative);
  const firstRound = matches[0]?.round ?? '';
  const { label, order } = leagueRound(firstRound);
  const timeZone = timeZoneOf(competitionId);
  const drafts = matches
    .filter((m) => m.round === firstRound)
    .map((m) => toDraft(m, timeZone, label, order));
  return {
    competitionId,
    source: `openfootball/${relative}, round '${firstRound}' (CC0 1.0); local times ${timeZone}`,
    fixtures: numbered(competitionId, drafts),
  };
};

const clubWorldCupFile = (): CatalogueFixtureFile => {
  const { competitionId, file, rounds, skip } = clubWorldCup;
  const timeZone = timeZoneOf(competitionId);
  const drafts = readOpenData(file)
    .filter((m) => !skip.includes(m.round))
    .map((m) => {
      const order = rounds.indexOf(m.round) + 1;
      return order > 0 ? toDraft(m, timeZone, m.round, order) : fail(`odd round '${m.round}'`);
    });
  return {
    competitionId,
    source: `openfootball/${file}, the 63 tournament matches (CC0 1.0); local times ${timeZone}`,
    fixtures: numbered(competitionId, drafts),
  };
};

/** UEFA Women's Euro 2025 (Switzerland) group matchday 3: not in the open data, so by hand. */
const womensEuroFile = (): CatalogueFixtureFile => {
  const competitionId = 'uefa_european_womens_championship_2025';
  const timeZone = timeZoneOf(competitionId);
  const matches: [string, string, string, [number, number]?][] = [
    ['2025-07-10', 'Finland', 'Switzerland', [1, 1]],
    ['2025-07-10', 'Norway', 'Iceland', [4, 3]],
    ['2025-07-11', 'Portugal', 'Belgium'],
    ['2025-07-11', 'Italy', 'Spain'],
    ['2025-07-12', 'Poland', 'Denmark'],
    ['2025-07-12', 'Sweden', 'Germany'],
    ['2025-07-13', 'England', 'Wales'],
    ['2025-07-13', 'Netherlands', 'France'],
  ];
  const drafts = matches.map(([date, homeTeam, awayTeam, result]): Draft => {
    const base = {
      round: 'Group stage - Matchday 3',
      roundOrder: 3,
      // Every kick-off of the final group matchday was 21:00 CEST (20:00 UK).
      kickoffAt: zonedLocalToUtc(date, '21:00', timeZone).toISOString(),
      homeTeam,
      awayTeam,
    };
    if (!result) return base;
    // The first-goal minute is left unknown (null) for an admin to confirm.
    const [homeScore, awayScore] = result;
    return { ...base, status: 'final', homeScore, awayScore, firstGoalMinute: null };
  });
  return {
    competitionId,
    source:
      "Written by hand in scripts/build-catalogue.ts from UEFA Women's Euro 2025 group stage " +
      'matchday 3 (schedule and results are facts; not in the open data)',
    fixtures: numbered(competitionId, drafts, 17),
  };
};

if (!existsSync(dataDir))
  fail(`open data not found at ${dataDir} (expected the project's sibling ../shared/data)`);

const files = [
  ...Object.entries(leagueSources).map(([id, relative]) => leagueFile(id, relative)),
  clubWorldCupFile(),
  womensEuroFile(),
];
mkdirSync(outDir, { recursive: true });
for (const file of files) {
  const checked = catalogueFixtureFile.parse(file);
  writeFileSync(
    join(outDir, `${checked.competitionId}.json`),
    `${JSON.stringify(checked, null, 2)}\n`,
  );
  console.log(`${checked.competitionId}: ${checked.fixtures.length} fixtures`);
}
