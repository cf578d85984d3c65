import type { Kysely, Transaction } from 'kysely';
import type { ScoringRules } from '../../domain/scoring';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The leagues' scoring rules, as the standings need them: given to the module when it is made
 * (bootstrap.ts passes the leagues feature's rules repository), so the module imports no feature.
 */
export interface LeagueRulesSource {
  /** The leagues grouped by the scoring rules they play in `season` (one statement per group). */
  scoringGroups: (
    db: Db,
    leagueIds: readonly string[],
    season: string,
  ) => Promise<{ rules: ScoringRules; leagueIds: string[] }[]>;
  /** The leagues grouped for a rebuild of every season, each group with its rules by season. */
  rebuildGroups: (
    db: Db,
    leagueIds: readonly string[],
  ) => Promise<{ leagueIds: string[]; changes: { from: string; rules: ScoringRules }[] }[]>;
}
