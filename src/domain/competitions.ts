import { z } from 'zod';

export const competitionKinds = [
  'featured',
  'table',
  'cards',
  'tournament',
  'coming_soon',
] as const;
export type CompetitionKind = (typeof competitionKinds)[number];

/** One entry of catalogue/competitions.json. */
export const catalogueCompetition = z.object({
  id: z.string().regex(/^[a-z0-9_]+$/),
  route: z.string().regex(/^\/[A-Za-z0-9/_-]+$/),
  aliases: z.array(z.string().regex(/^\/[A-Za-z0-9/_-]+$/)).default([]),
  name: z.string().min(1),
  country: z.string().min(1),
  flag: z.string(),
  kind: z.enum(competitionKinds),
  seasonLabel: z.string(),
  summaryKey: z.string().nullable(),
  timeZone: z.string().min(1),
  sortOrder: z.number().int(),
});
export type CatalogueCompetition = z.infer<typeof catalogueCompetition>;

export const catalogueFile = z.object({ competitions: z.array(catalogueCompetition) });

export const competitionSchema = z.object({
  id: z.string(),
  route: z.string(),
  aliases: z.array(z.string()),
  name: z.string(),
  country: z.string(),
  flag: z.string(),
  kind: z.enum(competitionKinds),
  seasonLabel: z.string(),
  summaryKey: z.string().nullable(),
  timeZone: z.string(),
  sortOrder: z.number(),
});
export type Competition = z.infer<typeof competitionSchema>;

export const competitionStates = [
  'open',
  'coming_soon',
  'round_finished',
  'to_be_announced',
] as const;
export type CompetitionState = (typeof competitionStates)[number];

/**
 * A competition's state on its card: 'coming_soon' by its kind while it has no fixtures (a source
 * that lists its season makes it playable, issue 50); otherwise 'to_be_announced'
 * while its current season has no fixtures, 'open' while one is left to predict, and
 * 'round_finished' when none is.
 */
export const competitionState = (
  kind: Competition['kind'],
  season: { fixtures: number; open: number },
): CompetitionState => {
  if (kind === 'coming_soon' && season.fixtures === 0) return 'coming_soon';
  if (season.fixtures === 0) return 'to_be_announced';
  return season.open > 0 ? 'open' : 'round_finished';
};

/**
 * A competition on /api/competitions: its current season (the one with the next unstarted
 * fixture, else the latest), how many fixtures that season has and how many are still open.
 */
export const competitionListItem = competitionSchema.extend({
  currentSeason: z.string().nullable(),
  fixtureCount: z.number(),
  openFixtures: z.number(),
  nextKickoff: z.string().nullable(),
  /** false: the next match's time is to be confirmed (its date is known). */
  nextKickoffConfirmed: z.boolean(),
  /**
   * Where the current season's fixtures come from, while it has none (issue 50): the source that
   * lists or publishes them, when it last tried and whether it answered. null: no source covers
   * the competition (or it has fixtures).
   */
  fixtureSource: z
    .object({
      name: z.string(),
      lastReadAt: z.string().nullable(),
      reachable: z.boolean().nullable(),
    })
    .nullable(),
  state: z.enum(competitionStates),
});
