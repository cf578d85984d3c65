import { z } from 'zod';
import { cleanName } from './league-names';
import { sourceIds, type SourceId } from './sources/ids';

export const fixtureStatuses = ['scheduled', 'live', 'final', 'postponed', 'cancelled'] as const;
export type FixtureStatus = (typeof fixtureStatuses)[number];

/**
 * Fixture id prefixes of the built-in competitions (specification §3, docs/design.md §2): ids are
 * `<prefix><n>`, numbered in kick-off order.
 */
export const builtInFixturePrefixes: Readonly<Record<string, string>> = {
  premier_league: 'premier_league_',
  efl_championship_2025: 'efl_championship_',
  efl_league_one_2025: 'efl_league_one_',
  efl_league_two_2025: 'efl_league_two_',
  scottish_premiership_2025: 'scottish_premiership_',
  scottish_championship_2025: 'scottish_championship_',
  bundesliga_2025: 'bundesliga_',
  la_liga_2025: 'la_liga_',
  la_liga2_2025: 'la_liga2_',
  ligue1_2025: 'ligue1_',
  serie_a_2025: 'serie_a_',
  eredivisie_2025: 'eredivisie_',
  primeira_liga: 'primeira_liga_',
  mls_2025: 'mls_',
  serie_b: 'serie_b_',
  ligue_2: 'ligue_2_',
  fifa_club_world_cup_2025: 'fifa_club_world_cup_',
  uefa_european_womens_championship_2025: 'uwc_',
};

/** The running number of a fixture id (`bundesliga_3` → 3), or null. */
export const fixtureNumber = (id: string): number | null => {
  const match = /_(\d+)$/.exec(id);
  return match?.[1] ? Number(match[1]) : null;
};

const score = z.number().int().min(0).max(99);

/** A season label: '2026-27', '2025' (calendar-year competitions) or '' (one unnamed season). */
export const seasonLabel = z
  .string()
  .trim()
  .max(20)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$|^$/, { error: 'Seasons look like 2026-27 or 2026.' });

/**
 * The groups of facts of a fixture, as their origin is recorded (fixtures.field_origins): a
 * catalogue re-load changes only groups still the catalogue's; the sync never one an admin set.
 */
export const fixtureFieldGroups = [
  'kickoff',
  'status',
  'teams',
  'result',
  'minute',
  'round',
  'venue',
] as const;
export type FixtureFieldGroup = (typeof fixtureFieldGroups)[number];
/**
 * Who set a group: the built-in catalogue (when unrecorded), a fixture source (its id), or an
 * admin.
 */
export type FieldOrigin = 'catalogue' | SourceId | 'admin';
export type FieldOrigins = Partial<Record<FixtureFieldGroup, FieldOrigin>>;

const origins = new Set<string>(['catalogue', ...sourceIds, 'admin']);

/** fixtures.field_origins as stored (JSON or null); anything unreadable counts as the catalogue's. */
export const parseFieldOrigins = (json: string | null): FieldOrigins => {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    const result: FieldOrigins = {};
    for (const group of fixtureFieldGroups) {
      const origin = value[group];
      if (typeof origin === 'string' && origins.has(origin)) result[group] = origin as FieldOrigin;
    }
    return result;
  } catch {
    return {};
  }
};

/** fixtures.field_origins to store: null while every fact is still the catalogue's. */
export const serialiseOrigins = (origins: FieldOrigins): string | null =>
  Object.keys(origins).length > 0 ? JSON.stringify(origins) : null;

/** The origins after `origin` set `groups`; the catalogue's own facts are recorded as absent. */
export const withOrigin = (
  current: FieldOrigins,
  groups: readonly FixtureFieldGroup[],
  origin: FieldOrigin,
): FieldOrigins => {
  const next: FieldOrigins = { ...current };
  for (const group of groups) {
    if (origin === 'catalogue') delete next[group];
    else next[group] = origin;
  }
  return next;
};

/**
 * How strong a source's word is (issue 49): each source declares its rank (the server's source
 * registry turns the declarations and LIVE_SOURCES into this); the catalogue ranks below every
 * source and an admin above all. A source the precedence does not know ranks lowest.
 */
export type Precedence = (source: SourceId) => number;

/**
 * Whether a source may change a group: an admin's hand always wins; a source changes what it or
 * a weaker source set; the catalogue only changes what is still its own. Two sources are told
 * apart by the precedence (required then).
 */
export const mayChange = (
  current: FieldOrigins,
  group: FixtureFieldGroup,
  by: FieldOrigin,
  precedence?: Precedence,
) => {
  const owner = current[group] ?? 'catalogue';
  if (by === 'admin') return true;
  if (by === 'catalogue') return owner === 'catalogue';
  if (owner === 'catalogue' || owner === by) return true;
  if (owner === 'admin') return false;
  if (!precedence) throw new Error(`a change by ${by} over ${owner} needs the sources' precedence`);
  return precedence(owner) <= precedence(by);
};

/** One fixture of a catalogue/fixtures/<season>/<competition_id>.json file. */
export const catalogueFixture = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9_]+_[1-9]\d*$/),
    round: z.string().min(1).max(100),
    roundOrder: z.number().int().min(1),
    kickoffAt: z.iso.datetime(),
    /** false: only the date is known; kickoffAt is 11:00 local on that date. */
    timeConfirmed: z.literal(false).optional(),
    /** A source's names are cleaned, never refused for their script (decision 017). */
    homeTeam: z.string().overwrite(cleanName).min(1).max(100),
    awayTeam: z.string().overwrite(cleanName).min(1).max(100),
    venue: z.string().min(1).max(200).optional(),
    status: z.enum(['final', 'postponed']).optional(),
    homeScore: score.optional(),
    awayScore: score.optional(),
    firstGoalMinute: z.number().int().min(0).max(90).nullable().optional(),
    /** What sources call this match (ESPN's event id of a schedule built from its lists). */
    pairings: z
      .partialRecord(z.enum(sourceIds), z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/))
      .optional(),
  })
  .refine(
    (f) =>
      f.status === 'final'
        ? f.homeScore !== undefined && f.awayScore !== undefined
        : f.homeScore === undefined && f.awayScore === undefined && f.firstGoalMinute === undefined,
    { error: 'A result needs status final and both scores; a scheduled fixture has none.' },
  )
  .refine(
    (f) =>
      f.status !== 'final' ||
      f.firstGoalMinute == null ||
      (f.homeScore === 0 && f.awayScore === 0) === (f.firstGoalMinute === 0),
    { error: 'A 0-0 result has first-goal minute 0; any other result a minute 1-90.' },
  );
export type CatalogueFixture = z.infer<typeof catalogueFixture>;

/** A catalogue/fixtures/<season>/<competition_id>.json file: one season of one competition. */
export const catalogueFixtureFile = z
  .strictObject({
    competitionId: z.string().regex(/^[a-z0-9_]+$/),
    season: seasonLabel,
    source: z.string().min(1),
    fixtures: z.array(catalogueFixture).min(1),
  })
  .superRefine((file, ctx) => {
    const prefix = builtInFixturePrefixes[file.competitionId];
    if (!prefix) {
      ctx.addIssue({ code: 'custom', message: `No fixture id prefix for ${file.competitionId}` });
      return;
    }
    const seen = new Set<string>();
    file.fixtures.forEach((f, index) => {
      if (!f.id.startsWith(prefix) || !/^\d+$/.test(f.id.slice(prefix.length)))
        ctx.addIssue({
          code: 'custom',
          path: ['fixtures', index, 'id'],
          message: `not ${prefix}N`,
        });
      if (seen.has(f.id))
        ctx.addIssue({ code: 'custom', path: ['fixtures', index, 'id'], message: 'duplicate id' });
      seen.add(f.id);
    });
  });
export type CatalogueFixtureFile = z.infer<typeof catalogueFixtureFile>;

/** A fixture as the API and the rest of the server see it (instants as ISO-8601 UTC). */
export const fixtureSchema = z.object({
  id: z.string(),
  competitionId: z.string(),
  round: z.string(),
  roundOrder: z.number(),
  kickoffAt: z.string(),
  /** false: only the date is known; kickoffAt is a placeholder (11:00 local) picks close at. */
  timeConfirmed: z.boolean(),
  season: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /**
   * The teams are not known yet (issue 50): a knockout slot ('Group A Winner', a source's
   * placeholder) or a team named 'TBD'. Such a fixture cannot be predicted.
   */
  tbd: z.boolean(),
  venue: z.string().nullable(),
  status: z.enum(fixtureStatuses),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
  firstGoalMinute: z.number().nullable(),
  /** The match clock while live (`67'`, `HT`, `FT` until the result is confirmed), else null. */
  clock: z.string().nullable(),
  /** The result is confirmed (the fixture is final); while live the score is provisional. */
  resultConfirmed: z.boolean(),
  /** The first-goal minute is confirmed (final with a known minute). */
  minuteConfirmed: z.boolean(),
  /** Who changed the fixture last: a source (`espn`, `openfootball`…) or `admin`. */
  updatedBy: z.string().nullable(),
  /** When a source last changed it. */
  sourceUpdatedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Fixture = z.infer<typeof fixtureSchema>;

/** A fixture with who set which of its facts (imports and the sync respect an admin's hand). */
export interface StoredFixtureRow extends Fixture {
  origins: FieldOrigins;
  externalId: string | null;
}

/** The API's view of a fixture (no bookkeeping columns). */
export const publicFixture = ({ origins: _o, externalId: _e, ...fixture }: StoredFixtureRow) =>
  fixture;
