import { moveGuestHoldings } from './account/repository';
import { applyAdminEmails } from './account/roles';
import { createAuth } from './auth/auth';
import { readCompetitionCatalogue } from './competitions/catalogue';
import { upsertCatalogue } from './competitions/repository';
import { withStartLock } from './db/job-lock';
import type { Services } from './context';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Env } from './env';
import { readFixtureCatalogue, upsertBuiltInFixtures } from './results/catalogue';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mailer/mailer';
import { fillNameKeys } from './leagues/repository';
import { rebuildGroups, scoringGroups } from './leagues/rules-repository';
import { Standings, userLeaguesChanged } from './standings/standings';
import { createLocalBus, createPostgresBus } from './realtime/bus';
import { zonedDateTime } from '../domain/kickoff';

/** The standings module of a database, with the leagues' scoring rules. */
export const createStandings = (deps: {
  database: Services['database'];
  now: () => Date;
  logger?: Services['logger'];
  partTeams?: number;
}) => new Standings({ ...deps, rules: { scoringGroups, rebuildGroups } });

export interface BootOptions {
  logger?: Logger;
  now?: () => Date;
  /** Skip migrations and the catalogues (tests that copy an already prepared database). */
  prepared?: boolean;
}

/** Opens the database, migrates it, loads the catalogues and wires every service. */
export const createServices = async (env: Env, options: BootOptions = {}): Promise<Services> => {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const now = options.now ?? (() => new Date());
  // The process's first Intl date format loads ICU's time-zone data (about 20 ms on this
  // machine): here at start, not in the turn of the first request or sync that needs one.
  zonedDateTime(new Date(0), 'Europe/London');
  const database = openDatabase(env.database);
  // The standings' worker and kept tables, with the leagues' rules given as a value.
  const standings = createStandings({ database, logger, now });
  try {
    // Instances started at once on one database prepare it one after the other.
    await withStartLock(database, async () => {
      if (!options.prepared) {
        const applied = await migrateToLatest(database.db);
        if (applied.length > 0) logger.info({ applied }, 'database migrated');
        await upsertCatalogue(database.db, readCompetitionCatalogue(), now());
        const fixtures = await upsertBuiltInFixtures(database.db, readFixtureCatalogue(), now());
        if (fixtures.inserted + fixtures.updated > 0)
          logger.info(fixtures, 'built-in fixtures loaded');
        if (fixtures.kept > 0)
          logger.debug(
            { kept: fixtures.kept },
            'catalogue facts changed by admins or the sync kept',
          );
        // The planner picks index searches from current statistics (cheap when nothing changed).
        await database.optimize();
      }
      await applyAdminEmails(database.db, env.ADMIN_EMAILS, now());
      const keyed = await fillNameKeys(database.db, database.dialect);
      if (keyed > 0) logger.info({ keyed }, 'name keys filled');
    });
    // Predictions the standings' totals do not hold yet are tallied in the background.
    standings.resume();
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer({
    database,
    logger,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    now,
  });
  const auth = createAuth({
    env,
    database,
    mailer,
    logger,
    now,
    hooks: {
      onGuestLinked: (from, to) => moveGuestHoldings(database.db, from, to),
      onUserUpdated: (userId) => userLeaguesChanged(database.db, userId),
      onAdminAddressProved: (email) => applyAdminEmails(database.db, [email], now()),
    },
  });
  // Better Auth builds its context (tables, adapter, plugins: 10–20 ms of one turn) on first
  // use: here, before the server listens and the first sync starts.
  await auth.$context;
  // One process: an in-memory bus. PostgreSQL: LISTEN/NOTIFY reaches every instance.
  const bus =
    env.database.dialect === 'postgres'
      ? createPostgresBus(env.database.url, logger)
      : createLocalBus();
  return { env, database, logger, auth, mailer, bus, standings, now };
};

export const closeServices = async (services: Services): Promise<void> => {
  await services.mailer.stop();
  await services.standings.stop();
  await services.bus.close();
  await services.database.close();
};
