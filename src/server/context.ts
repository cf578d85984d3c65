import type { Env } from './env';
import type { Database } from './db/database';
import type { Logger } from './logger';
import type { Auth, SessionUser } from './auth';
import type { Mailer } from './mailer/mailer';
import type { EventBus } from './realtime/bus';

/** Everything a request handler may use, built once at start (or per test file). */
export interface Services {
  env: Env;
  database: Database;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  bus: EventBus;
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
