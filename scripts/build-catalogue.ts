/**
 * Developer tool: writes catalogue/fixtures/<season>/<competition_id>.json from the open data in
 * ../shared/data (openfootball, CC0 1.0), the 2026-27 schedules ESPN listed on 9 August 2026
 * (dates, teams and event ids: facts) for the leagues openfootball has no file of, plus the
 * hand-written women's Euro fixtures.
 * Run: node --import tsx scripts/build-catalogue.ts [path/to/shared/data]
 * The output is committed; the app never reads the open data at start.
 *
 * Files are read with the same parser as an admin's import and the openfootball sync
 * (`parseOpenFootball`), so a sync of an unchanged file finds nothing to change.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  builtInFixturePrefixes,
  catalogueFixtureFile,
  fixtureNumber,
  type CatalogueFixture,
  type CatalogueFixtureFile,
} from '../src/domain/fixtures';
import { parseOpenFootball, placeholderKickoff, type ParsedRow } from '../src/domain/import';
import { leagueRounds } from '../src/domain/sources/rounds';
import { zonedLocalToUtc } from '../src/domain/kickoff';
import { readCompetitionCatalogue } from '../src/server/competitions/catalogue';

const root = fileURLToPath(new URL('../', import.meta.url));
const dataDir = resolve(process.argv[2] ?? join(root, '../shared/data'));
const outDir = join(root, 'catalogue/fixtures');

interface LeagueSource {
  competitionId: string;
  season: string;
  file: string;
  /** Only the first round (the specification's built-in round); default: every round. */
  firstRoundOnly?: boolean;
}

/** The specification's first rounds of 2025-26 (and MLS 2025), then the whole 2026-27 season. */
const leagueSources: LeagueSource[] = [
  ...Object.entries({
    premier_league: 'en.1',
    efl_championship_2025: 'en.2',
    efl_league_one_2025: 'en.3',
    efl_league_two_2025: 'en.4',
    scottish_premiership_2025: 'sco.1',
    bundesliga_2025: 'de.1',
    la_liga_2025: 'es.1',
    la_liga2_2025: 'es.2',
    ligue1_2025: 'fr.1',
    serie_a_2025: 'it.1',
    eredivisie_2025: 'nl.1',
  }).map(([competitionId, code]) => ({
    competitionId,
    season: '2025-26',
    file: `football.json/2025-26/${code}.json`,
    firstRoundOnly: true,
  })),
  {
    competitionId: 'mls_2025',
    season: '2025',
    file: 'football.json/2025/mls.json',
    firstRoundOnly: true,
  },
  ...Object.entries({
    premier_league: 'en.1',
    efl_championship_2025: 'en.2',
    bundesliga_2025: 'de.1',
    la_liga_2025: 'es.1',
    ligue1_2025: 'fr.1',
    serie_a_2025: 'it.1',
    eredivisie_2025: 'nl.1',
    primeira_liga: 'pt.1',
  }).map(([competitionId, code]) => ({
    competitionId,
    season: '2026-27',
    file: `football.json/2026-27/${code}.json`,
  })),
];

/**
 * Leagues whose 2026-27 season openfootball has no file of (issue 50): the schedules ESPN
 * listed on 9 August 2026 (`live/espn-derived/`), dates and teams without times ('time to be
 * confirmed' until ESPN's read gives the time), ESPN's event ids as their pairings.
 */
const espnSchedules: { competitionId: string; code: string }[] = [
  { competitionId: 'efl_league_one_2025', code: 'eng.3' },
  { competitionId: 'efl_league_two_2025', code: 'eng.4' },
  { competitionId: 'serie_b', code: 'ita.2' },
  { competitionId: 'ligue_2', code: 'fra.2' },
];
const espnScheduleFile = 'live/espn-derived/schedules_2026-27_read2026-08-09.json';

const clubWorldCup = {
  competitionId: 'fifa_club_world_cup_2025',
  season: '2025',
  file: 'worldcup.json/2025/clubworldcup.json',
  // The file also holds the qualification play-off (LAFC v América, 31 May), which is not a
  // tournament match: it is left out, leaving the 63 matches of the tournament.
  skip: ['Qualification, Playoffs'],
  rounds: [
    ...[...'ABCDEFGH'].map((group) => `Group ${group}`),
    'Round of 16',
    'Quarterfinals',
    'Semifinals',
    'Final',
  ],
};

const fail = (message: string): never => {
  console.error(`build-catalogue: ${message}`);
  process.exit(1);
};

const timeZones = new Map(readCompetitionCatalogue().map((c) => [c.id, c.timeZone]));
const timeZoneOf = (competitionId: string): string =>
  timeZones.get(competitionId) ?? fail(`${competitionId} is not in catalogue/competitions.json`);

/** Every match of an openfootball file, read as an import would read it. */
const readRows = (relative: string, timeZone: string): ParsedRow[] => {
  const path = join(dataDir, relative);
  if (!existsSync(path)) fail(`${path} is missing`);
  const parsed = parseOpenFootball(readFileSync(path, 'utf8'), timeZone);
  if (!parsed.ok) return fail(`${relative}: ${parsed.error}`);
  return parsed.rows.map((row) =>
    row.ok ? row : fail(`${relative} row ${row.index + 1}: ${row.reason}`),
  );
};

type Draft = Omit<CatalogueFixture, 'id'>;

const matchday = (round: string) =>
  Number(/^Matchday (\d+)$/.exec(round)?.[1] ?? fail(`odd round '${round}'`));

const toDraft = (row: ParsedRow, roundOrder: number): Draft => ({
  round: row.round,
  roundOrder,
  kickoffAt: row.kickoffAt,
  ...(row.timeConfirmed ? {} : { timeConfirmed: false as const }),
  homeTeam: row.homeTeam,
  awayTeam: row.awayTeam,
  ...(row.venue ? { venue: row.venue } : {}),
  ...(row.status === 'postponed' ? { status: 'postponed' as const } : {}),
  ...(row.status === 'cancelled' ? fail(`cancelled match ${row.homeTeam} v ${row.awayTeam}`) : {}),
  ...(row.result
    ? {
        status: 'final' as const,
        homeScore: row.result.homeScore,
        awayScore: row.result.awayScore,
        firstGoalMinute: row.result.firstGoalMinute,
      }
    : {}),
});

/** The next running number of each competition's fixture ids, over all its seasons. */
const nextNumber = new Map<string, number>();
const numbered = (competitionId: string, drafts: Draft[], first?: number): CatalogueFixture[] => {
  const prefix = builtInFixturePrefixes[competitionId] ?? fail(`no id prefix for ${competitionId}`);
  let n = first ?? nextNumber.get(competitionId) ?? 1;
  const fixtures = drafts.map((d) => ({ id: `${prefix}${n++}`, ...d }));
  nextNumber.set(competitionId, Math.max(n, nextNumber.get(competitionId) ?? 1));
  return fixtures;
};

const byKickoff = (a: Draft, b: Draft) => a.kickoffAt.localeCompare(b.kickoffAt);

const leagueFile = (source: LeagueSource): CatalogueFixtureFile => {
  const timeZone = timeZoneOf(source.competitionId);
  const rows = readRows(source.file, timeZone);
  const firstRound = rows[0]?.round ?? '';
  const chosen = source.firstRoundOnly ? rows.filter((r) => r.round === firstRound) : rows;
  const drafts = chosen.map((row) => toDraft(row, matchday(row.round)));
  // The specification's first rounds are numbered in kick-off order; whole seasons in round
  // order, then the file's order (stable when a kick-off moves).
  const ordered = source.firstRoundOnly
    ? [...drafts].sort(byKickoff)
    : [...drafts].sort((a, b) => a.roundOrder - b.roundOrder);
  const what = source.firstRoundOnly ? `round '${firstRound}'` : 'every round';
  return {
    competitionId: source.competitionId,
    season: source.season,
    source: `openfootball/${source.file}, ${what} (CC0 1.0); local times ${timeZone}`,
    fixtures: numbered(source.competitionId, ordered),
  };
};

const clubWorldCupFile = (): CatalogueFixtureFile => {
  const { competitionId, season, file, rounds, skip } = clubWorldCup;
  const drafts = readRows(file, timeZoneOf(competitionId))
    .filter((row) => !skip.includes(row.round))
    .map((row) => {
      const order = rounds.indexOf(row.round) + 1;
      return order > 0 ? toDraft(row, order) : fail(`odd round '${row.round}'`);
    });
  return {
    competitionId,
    season,
    source: `openfootball/${file}, the 63 tournament matches (CC0 1.0)`,
    fixtures: numbered(competitionId, [...drafts].sort(byKickoff)),
  };
};

interface EspnSchedule {
  readDate: string;
  divisions: Record<
    string,
    {
      sourceSeason: string;
      fixtures: { date: string; home: string; away: string; espnEventId: string }[];
    }
  >;
}

/** One league's 2026-27 season as ESPN listed it: rounds worked out from its dates and teams. */
const espnLeagueFile = (
  schedules: EspnSchedule,
  source: (typeof espnSchedules)[number],
): CatalogueFixtureFile => {
  const league =
    schedules.divisions[source.code] ?? fail(`${source.code} is not in ${espnScheduleFile}`);
  if (!league.sourceSeason.startsWith('2026-27')) fail(`${source.code}: ${league.sourceSeason}`);
  const timeZone = timeZoneOf(source.competitionId);
  const matches = league.fixtures.map((f) => ({
    kickoffAt: placeholderKickoff(f.date, timeZone).toISOString(),
    home: f.home,
    away: f.away,
  }));
  const rounds = leagueRounds(matches) ?? fail(`${source.code}: no league rounds`);
  const drafts = league.fixtures.map((f, i): Draft => ({
    round: `Matchday ${rounds[i]}`,
    roundOrder: rounds[i] ?? 0,
    kickoffAt: matches[i]?.kickoffAt ?? '',
    timeConfirmed: false,
    homeTeam: f.home,
    awayTeam: f.away,
    pairings: { espn: f.espnEventId },
  }));
  const ordered = [...drafts].sort(
    (a, b) => a.roundOrder - b.roundOrder || a.kickoffAt.localeCompare(b.kickoffAt),
  );
  return {
    competitionId: source.competitionId,
    season: '2026-27',
    source: `ESPN's ${source.code} schedule as read on ${schedules.readDate} (${espnScheduleFile}: dates, teams, event ids); rounds from its dates; times to be confirmed`,
    fixtures: numbered(source.competitionId, ordered),
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
    season: '2025',
    source:
      "Written by hand in scripts/build-catalogue.ts from UEFA Women's Euro 2025 group stage " +
      'matchday 3 (schedule and results are facts; not in the open data)',
    fixtures: numbered(competitionId, drafts, 17),
  };
};

if (!existsSync(dataDir))
  fail(`open data not found at ${dataDir} (expected the project's sibling ../shared/data)`);

const schedules = JSON.parse(readFileSync(join(dataDir, espnScheduleFile), 'utf8')) as EspnSchedule;
const files = [
  ...leagueSources.map(leagueFile),
  ...espnSchedules.map((s) => espnLeagueFile(schedules, s)),
  clubWorldCupFile(),
  womensEuroFile(),
];
rmSync(outDir, { recursive: true, force: true });
for (const file of files) {
  const checked = catalogueFixtureFile.parse(file);
  const dir = join(outDir, checked.season);
  mkdirSync(dir, { recursive: true });
  // One fixture per line: small files whose diffs read fixture by fixture.
  const { fixtures, ...head } = checked;
  const lines = fixtures.map((f) => `    ${JSON.stringify(f)}`).join(',\n');
  const text = `${JSON.stringify(head, null, 2).replace(/\n}$/, '')},\n  "fixtures": [\n${lines}\n  ]\n}\n`;
  writeFileSync(join(dir, `${checked.competitionId}.json`), text);
  const last = fixtureNumber(checked.fixtures.at(-1)?.id ?? '');
  console.log(
    `${checked.season}/${checked.competitionId}: ${checked.fixtures.length} fixtures (… ${last})`,
  );
}
