import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Hono } from 'hono';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '../../src/server/app';
import { closeServices, createServices } from '../../src/server/bootstrap';
import type { AppBindings, Services } from '../../src/server/context';
import { parseEnv } from '../../src/server/env';
import { postgresTestUrl, withDatabase } from './database-url';

export const testBaseUrl = 'http://localhost:3000';

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  extend?: (app: Hono<AppBindings>) => void;
}

/** A response with its JSON body already read. */
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Keeps cookies between requests, like one browser. */
export class Agent {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: Hono<AppBindings>,
    private readonly baseUrl: string = testBaseUrl,
    /** The confirmation link a sign-up under an ADMIN_EMAILS address was mailed, if any. */
    private readonly adminLink: (email: string) => Promise<string | null> = async () => null,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = {
      method,
      headers: {
        origin: this.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      redirect: 'manual',
    };
    const res = await this.app.request(`${this.baseUrl}${path}`, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {});
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body ?? {});
  delete = <T = any>(path: string, body?: unknown) => this.request<T>('DELETE', path, body);

  cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  async signUp(
    email: string,
    password = 'correct-horse-9',
    name = email.split('@')[0] ?? 'Player',
  ) {
    const res = await this.post('/api/auth/sign-up/email', { email, password, name });
    if (res.status !== 200)
      throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    // An ADMIN_EMAILS address is admin once proved (issue 51): its owner opens the link mailed to
    // it, and /me renews the session's cache cookie with the role.
    const link = await this.adminLink(email);
    if (link) {
      const opened = await this.get(link);
      if (opened.status !== 302) throw new Error(`verify-email failed: ${opened.status}`);
      await this.get('/api/account/me');
    }
    return res;
  }

  async signIn(email: string, password = 'correct-horse-9') {
    return this.post('/api/auth/sign-in/email', { email, password });
  }
}

export interface TestApp {
  app: Hono<AppBindings>;
  services: Services;
  logs: () => Record<string, unknown>[];
  agent: () => Agent;
  close: () => Promise<void>;
}

const cloneDatabase = async (): Promise<{ url: string; drop: () => Promise<void> }> => {
  const pgUrl = postgresTestUrl();
  const template = inject('postgresTemplate');
  if (pgUrl && template) {
    const name = `firstgoal_t_${inject('runId')}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    return {
      url: withDatabase(pgUrl, name),
      drop: async () => {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'firstgoal-file-'));
  const path = join(dir, 'test.sqlite');
  copyFileSync(inject('sqliteTemplate'), path);
  return { url: `file:${path}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
};

/** The link of the last confirmation mail to an ADMIN_EMAILS address (path and query), or null. */
const adminLink = async ({ env, database }: Services, email: string) => {
  const address = email.toLowerCase();
  if (!env.ADMIN_EMAILS.includes(address)) return null;
  const mail = await database.db
    .selectFrom('outbox')
    .select('text_body')
    .where('kind', '=', 'verify-email')
    .where('to_address', '=', address)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const url = mail?.text_body.match(/https?:\/\/\S+\/verify-email\?\S+/)?.[0];
  return url ? url.slice(new URL(url).origin.length) : null;
};

/** The Hono app in-process on a fresh migrated database (one per call). */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const database = await cloneDatabase();
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'debug', base: undefined }, sink);
  const env = parseEnv(
    {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      BASE_URL: testBaseUrl,
      LOG_LEVEL: 'debug',
      // No test reaches a real source: a closed local port unless a test serves one.
      ESPN_URL: 'http://127.0.0.1:9',
      OPENLIGADB_URL: 'http://127.0.0.1:9',
      OPENFOOTBALL_URL: 'http://127.0.0.1:9',
      ...options.env,
    },
    { generateSecret: false },
  );
  const services = await createServices(env, {
    logger,
    prepared: true,
    ...(options.now ? { now: options.now } : {}),
  });
  const app = createApp(services, {
    serveWeb: false,
    ...(options.extend ? { extend: options.extend } : {}),
  });
  return {
    app,
    services,
    logs: () => lines,
    agent: () => new Agent(app, env.baseUrl, (email) => adminLink(services, email)),
    close: async () => {
      await closeServices(services);
      await database.drop();
    },
  };
};

/**
 * One test app for the whole file: created before its first test, closed after its last. Hooks
 * the file registers later run after the app is up; options may be read when it starts (a
 * mail or identity server started by an earlier hook).
 */
export const appPerFile = (options: TestAppOptions | (() => TestAppOptions) = {}): TestApp => {
  const app = {} as TestApp;
  beforeAll(async () => {
    Object.assign(app, await createTestApp(typeof options === 'function' ? options() : options));
  });
  afterAll(() => app.close());
  return app;
};
