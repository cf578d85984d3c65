import { pino, type Logger } from 'pino';

export type { Logger };

export const createLogger = (level: string): Logger =>
  pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      remove: true,
    },
  });
