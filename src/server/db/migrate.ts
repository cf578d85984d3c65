import { Migrator, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import * as authTables from './migrations/2026-11-22T10-00-00_auth-tables';
import * as gameTables from './migrations/2026-11-22T10-10-00_game-tables';
import * as supportTables from './migrations/2026-11-22T10-20-00_support-tables';
import * as reminders from './migrations/2026-11-22T14-00-00_reminders';
import * as seasons from './migrations/2026-11-22T18-00-00_seasons';
import * as standingsTotals from './migrations/2026-11-22T21-00-00_standings-totals';
import * as rateLimit from './migrations/2026-11-22T21-10-00_rate-limit';
import * as hardening from './migrations/2026-11-22T23-30-00_hardening';
import * as teamNameOrder from './migrations/2026-11-23T00-40-00_team-name-order';
import * as pushAndCalendar from './migrations/2026-11-25T20-00-00_push-and-calendar';
import * as standingsVersions from './migrations/2026-11-26T01-00-00_standings-versions';
import * as leagueRules from './migrations/2026-11-26T02-00-00_league-rules';
import * as bonusQuestions from './migrations/2026-11-26T03-00-00_bonus-questions';
import * as statisticsCounts from './migrations/2026-11-26T04-00-00_statistics-counts';
import * as jobSchedule from './migrations/2026-11-26T05-10-00_job-schedule';
import * as liveSources from './migrations/2026-11-26T18-00-00_live-sources';
import * as goalAlerts from './migrations/2026-11-26T21-00-00_goal-alerts';
import * as leagueFeed from './migrations/2026-11-28T17-00-00_league-feed';
import * as leagueStories from './migrations/2026-11-28T20-00-00_league-stories';
import * as sourceRefusals from './migrations/2026-12-01T22-00-00_source-refusals';
import * as fixtureTbd from './migrations/2026-12-02T02-00-00_fixture-tbd';

// Listed explicitly (not read from disk) so the same list works from source, in tests and in
// any bundle. Names are ISO-dated and never change once released.
const migrations: Record<string, Migration> = {
  '2026-11-22T10-00-00_auth-tables': authTables,
  '2026-11-22T10-10-00_game-tables': gameTables,
  '2026-11-22T10-20-00_support-tables': supportTables,
  '2026-11-22T14-00-00_reminders': reminders,
  '2026-11-22T18-00-00_seasons': seasons,
  '2026-11-22T21-00-00_standings-totals': standingsTotals,
  '2026-11-22T21-10-00_rate-limit': rateLimit,
  '2026-11-22T23-30-00_hardening': hardening,
  '2026-11-23T00-40-00_team-name-order': teamNameOrder,
  '2026-11-25T20-00-00_push-and-calendar': pushAndCalendar,
  '2026-11-26T01-00-00_standings-versions': standingsVersions,
  '2026-11-26T02-00-00_league-rules': leagueRules,
  '2026-11-26T03-00-00_bonus-questions': bonusQuestions,
  '2026-11-26T04-00-00_statistics-counts': statisticsCounts,
  '2026-11-26T05-10-00_job-schedule': jobSchedule,
  '2026-11-26T18-00-00_live-sources': liveSources,
  '2026-11-26T21-00-00_goal-alerts': goalAlerts,
  '2026-11-28T17-00-00_league-feed': leagueFeed,
  '2026-11-28T20-00-00_league-stories': leagueStories,
  '2026-12-01T22-00-00_source-refusals': sourceRefusals,
  '2026-12-02T02-00-00_fixture-tbd': fixtureTbd,
};

/** Every migration of this version, oldest first. */
export const migrationNames = Object.keys(migrations).sort();

const provider: MigrationProvider = { getMigrations: async () => migrations };

export const createMigrator = <T>(db: Kysely<T>) => new Migrator({ db, provider });

export const migrateToLatest = async <T>(db: Kysely<T>): Promise<string[]> => {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
};
