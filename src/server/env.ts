import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { liveSourceIds, type SourceId } from '../domain/sources/ids';

/**
 * The only module that reads `process.env`. It is parsed once, before anything else starts, and a
 * bad value ends the process with one line naming the variable (see `loadEnvOrExit`).
 */
export type DatabaseTarget =
  { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };

export const parseDatabaseUrl = (value: string): DatabaseTarget | null => {
  const trimmed = value.trim();
  if (/^postgres(ql)?:\/\//i.test(trimmed)) {
    try {
      new URL(trimmed);
      return { dialect: 'postgres', url: trimmed };
    } catch {
      return null;
    }
  }
  if (trimmed.startsWith('file:')) {
    const path = trimmed.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
    return path.length > 0 ? { dialect: 'sqlite', path } : null;
  }
  if (trimmed === ':memory:') return { dialect: 'sqlite', path: ':memory:' };
  const looksLikePath = /^(\/|\.{1,2}\/)/.test(trimmed) || /\.(sqlite3?|db)$/i.test(trimmed);
  return looksLikePath ? { dialect: 'sqlite', path: trimmed } : null;
};

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Like `booleanFlag`, but unset (or empty) means on. */
const booleanFlagOn = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === undefined || v === '' || v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z
    .string()
    .default('3000')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 0 && Number(v) <= 65535, {
      message: 'must be a port number between 0 and 65535',
    })
    .transform(Number),
  HOST: z.string().default('0.0.0.0'),
  BASE_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]+/i.test(v), {
    message: 'must be an absolute http(s) URL such as https://firstgoal.example.com',
  }),
  DATABASE_URL: z
    .string()
    .default('file:./data/firstgoal.sqlite')
    .refine((v) => parseDatabaseUrl(v) !== null, {
      message: 'must be file:<path>, a path to a .sqlite/.db file, or a postgres:// URL',
    }),
  AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters long (or unset to generate one into data/)',
  }),
  ADMIN_EMAILS: optionalText.transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e.length > 0),
  ),
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/.+/i.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().default('FirstGoal <no-reply@firstgoal.local>'),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z
    .string()
    .url({ message: 'must be a URL' })
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  CONTACT_TO: optionalText.refine((v) => v === undefined || /^[^@\s]+@[^@\s]+$/.test(v), {
    message: 'must be an e-mail address',
  }),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  TRUST_PROXY: booleanFlag,
  /** Live-standings streams (Server-Sent Events) one client address may hold open per instance. */
  LIVE_STREAMS_PER_ADDRESS: z
    .string()
    .default('20')
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0, { message: 'must be a positive whole number' })
    .transform(Number),
  /** football-data.org API token: when set, results are fetched automatically. */
  FOOTBALL_DATA_TOKEN: optionalText,
  /** Bearer token of /metrics (Prometheus); unset: /metrics answers 404. */
  METRICS_TOKEN: optionalText,
  FOOTBALL_DATA_URL: z
    .string()
    .default('https://api.football-data.org')
    .refine((v) => /^https?:\/\/[^/]+/i.test(v), { message: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, '')),
  /** The keyless fixture sync from openfootball's season files (default on). */
  OPENFOOTBALL_SYNC: booleanFlagOn,
  OPENFOOTBALL_URL: z
    .string()
    .default('https://raw.githubusercontent.com/openfootball/football.json/master')
    .refine((v) => /^https?:\/\/[^/]+/i.test(v), { message: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, '')),
  /** Live scores and first-goal minutes from keyless sources (issue 28; default on). */
  LIVE_SYNC: booleanFlagOn,
  /** The live sources in rank order: the first listed wins where they disagree. */
  LIVE_SOURCES: z
    .string()
    .default('espn,openligadb')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s !== ''),
    )
    .refine((list) => list.every((s) => (liveSourceIds as readonly string[]).includes(s)), {
      message: `must list sources among ${liveSourceIds.join(', ')}, separated by commas`,
    })
    .refine((list) => new Set(list).size === list.length, { message: 'names a source twice' })
    .transform((list) => list as SourceId[]),
  /**
   * The most a fixture source's answer may hold, decompressed (default 8 MB): a larger one is
   * abandoned as it streams in (issue 49).
   */
  LIVE_MAX_ANSWER_BYTES: z
    .string()
    .default(String(8 * 1024 * 1024))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 65_536, {
      message: 'must be a whole number of bytes, at least 65536',
    })
    .transform(Number),
  ESPN_URL: z
    .string()
    .default('https://site.api.espn.com')
    .refine((v) => /^https?:\/\/[^/]+/i.test(v), { message: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, '')),
  OPENLIGADB_URL: z
    .string()
    .default('https://api.openligadb.de')
    .refine((v) => /^https?:\/\/[^/]+/i.test(v), { message: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, '')),
  /** How often a competition with a match on is polled; below 15 s the sources would be hammered. */
  LIVE_POLL_SECONDS: z
    .string()
    .default('30')
    .refine((v) => /^\d+$/.test(v), { message: 'must be a whole number of seconds' })
    .refine((v) => Number(v) >= 15, { message: 'must be at least 15 (seconds)' })
    .transform(Number),
  /** Web Push (VAPID): unset, a key pair is generated once and kept in the database. */
  VAPID_PUBLIC_KEY: optionalText.refine(
    (v) => v === undefined || Buffer.from(v, 'base64url').length === 65,
    { message: 'must be an uncompressed P-256 public key in URL-safe base64 (87 characters)' },
  ),
  VAPID_PRIVATE_KEY: optionalText.refine(
    (v) => v === undefined || Buffer.from(v, 'base64url').length === 32,
    { message: 'must be a P-256 private key in URL-safe base64 (43 characters)' },
  ),
  VAPID_SUBJECT: optionalText.refine((v) => v === undefined || /^(https:\/\/|mailto:).+/i.test(v), {
    message: 'must be an https: URL or a mailto: address',
  }),
  /** Add the demo competition, players and league at start (never otherwise). */
  DEMO: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  SHUTDOWN_TIMEOUT_MS: z
    .string()
    .default('10000')
    .refine((v) => /^\d+$/.test(v), { message: 'must be a number of milliseconds' })
    .transform(Number),
});

export type Env = z.infer<typeof envSchema> & {
  baseUrl: string;
  authSecret: string;
  database: DatabaseTarget;
  googleEnabled: boolean;
};

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

const readOrCreateSecret = (dataDir: string): string => {
  const file = resolve(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

/** Parses an environment (default `process.env`); throws `EnvError` naming the first bad variable. */
export const parseEnv = (
  source: Record<string, string | undefined> = process.env,
  options: { generateSecret?: boolean } = {},
): Env => {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const given = source[variable];
    throw new EnvError(
      variable,
      `${issue?.message ?? 'is not valid'}${given === undefined ? '' : ` (got "${given}")`}`,
    );
  }
  const env = result.data;
  if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new EnvError(
      env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID',
      'must be set together with the other Google variable',
    );
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new EnvError(
      env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
      'must be set together with the other VAPID key',
    );
  }
  const authSecret =
    env.AUTH_SECRET ?? (options.generateSecret === false ? '' : readOrCreateSecret(env.DATA_DIR));
  return {
    ...env,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    authSecret,
    database: parseDatabaseUrl(env.DATABASE_URL) as DatabaseTarget,
    googleEnabled: env.GOOGLE_CLIENT_ID !== undefined,
  };
};

/** For entry points: a bad value prints one line naming the variable and exits non-zero. */
export const loadEnvOrExit = (): Env => {
  try {
    return parseEnv();
  } catch (error) {
    const line =
      error instanceof EnvError ? error.message : `Invalid configuration: ${String(error)}`;
    process.stderr.write(`${line}\n`);
    process.exit(1);
  }
};
