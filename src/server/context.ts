import type { Env } from './env';
import type { Database } from './db/database';
import type { Logger } from './logger';
import type { Auth, SessionUser } from './auth/auth';
import type { Mailer } from './mailer/mailer';
import type { EventBus } from './realtime/bus';
import type { Standings } from './standings/standings';

/** Everything a request handler may use, built once at start (or per test file). */
export interface Services {
  env: Env;
  database: Database;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  bus: EventBus;
  /** The standings' worker and kept tables (standings/standings.ts). */
  standings: Standings;
  now: () => Date;
}

export interface AppBindings {
  Variables: {
    requestId: string;
    logger: Logger;
    services: Services;
    user: SessionUser | null;
  };
}
