import { z } from 'zod';
import type { LiveSource } from './report';

/**
 * catalogue/live-sources.json: which source covers which built-in competition, under which code,
 * and other spellings of our team names (issue 28). Facts only; read once at start.
 */
const code = z.string().regex(/^[a-z0-9.]+$/);
export const liveSourceMapFile = z.object({
  $comment: z.string().optional(),
  competitions: z.record(
    z.string().regex(/^[a-z0-9_]+$/),
    z.strictObject({
      espn: code.optional(),
      openligadb: code.optional(),
      /** Our team name → the other names sources give it. */
      aliases: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)).optional(),
    }),
  ),
});
export type LiveSourceMap = z.infer<typeof liveSourceMapFile>['competitions'];

/** A competition's code at a source, or undefined when the source does not cover it. */
export const sourceCode = (map: LiveSourceMap, competitionId: string, source: LiveSource) =>
  map[competitionId]?.[source];

/** The catalogue's aliases of a competition as the pairing reads them. */
export const catalogueAliases = (map: LiveSourceMap, competitionId: string) =>
  new Map(Object.entries(map[competitionId]?.aliases ?? {}));
