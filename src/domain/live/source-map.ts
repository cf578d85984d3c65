import { z } from 'zod';
import { sourceIds, type SourceId } from '../sources/ids';

/**
 * catalogue/live-sources.json: which source covers which built-in competition, under which code,
 * and other spellings of our team names (issues 28 and 49). Facts only; read once at start.
 */
const code = z.string().regex(/^[A-Za-z0-9.]+$/);
const entry = z
  .strictObject({
    /** Our team name → the other names sources give it. */
    aliases: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)).optional(),
    ...Object.fromEntries(sourceIds.map((id) => [id, code.optional()])),
  })
  .transform(
    (e) => e as { aliases?: Record<string, string[]> } & Partial<Record<SourceId, string>>,
  );
export const liveSourceMapFile = z.object({
  $comment: z.string().optional(),
  competitions: z.record(z.string().regex(/^[a-z0-9_]+$/), entry),
});
export type LiveSourceMap = z.infer<typeof liveSourceMapFile>['competitions'];

/** A competition's code at a source, or undefined when the source does not cover it. */
export const sourceCode = (map: LiveSourceMap, competitionId: string, source: SourceId) =>
  map[competitionId]?.[source];

/** The competitions a source covers. */
export const coveredBy = (map: LiveSourceMap, source: SourceId) =>
  Object.keys(map).filter((id) => map[id]?.[source] !== undefined);

/** The catalogue's aliases of a competition as the pairing reads them. */
export const catalogueAliases = (map: LiveSourceMap, competitionId: string) =>
  new Map(Object.entries(map[competitionId]?.aliases ?? {}));
