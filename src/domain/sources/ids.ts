/**
 * The fixture sources this version knows (issue 49): each is one module of `src/server/sources/`
 * implementing `FixtureSource`, and its id is what the database records as the origin of the
 * facts it set (`fixtures.field_origins`, `updated_by`, the audit trail). A new source adds its
 * id here, its module to the registry and its codes to `catalogue/live-sources.json`.
 */
export const sourceIds = ['openfootball', 'espn', 'openligadb', 'football-data'] as const;
export type SourceId = (typeof sourceIds)[number];

export const isSourceId = (value: string): value is SourceId =>
  (sourceIds as readonly string[]).includes(value);

/**
 * The sources LIVE_SOURCES may list (their modules say `live: true`; a test keeps the two in
 * step): those the live job polls while matches are on.
 */
export const liveSourceIds = ['espn', 'openligadb'] as const satisfies readonly SourceId[];
