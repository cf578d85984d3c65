import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseDatabaseUrl, parseEnv } from './env';

const base = { AUTH_SECRET: 'a'.repeat(40) };

describe('parseDatabaseUrl', () => {
  it.each([
    ['file:./data/x.sqlite', { dialect: 'sqlite', path: './data/x.sqlite' }],
    ['./data/x.sqlite', { dialect: 'sqlite', path: './data/x.sqlite' }],
    ['/var/lib/firstgoal.db', { dialect: 'sqlite', path: '/var/lib/firstgoal.db' }],
    ['firstgoal.sqlite', { dialect: 'sqlite', path: 'firstgoal.sqlite' }],
    ['postgres://u:p@db:5432/fg', { dialect: 'postgres', url: 'postgres://u:p@db:5432/fg' }],
    ['postgresql://db/fg', { dialect: 'postgres', url: 'postgresql://db/fg' }],
  ])('%s', (input, expected) => {
    expect(parseDatabaseUrl(input)).toEqual(expected);
  });

  it.each(['nonsense', 'mysql://x/y', 'file:', ''])('refuses %j', (input) => {
    expect(parseDatabaseUrl(input)).toBeNull();
  });
});

describe('parseEnv', () => {
  it('uses the documented defaults', () => {
    const env = parseEnv(base);
    expect(env.PORT).toBe(3000);
    expect(env.baseUrl).toBe('http://localhost:3000');
    expect(env.database).toEqual({ dialect: 'sqlite', path: './data/firstgoal.sqlite' });
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(env.googleEnabled).toBe(false);
    expect(env.LIVE_STREAMS_PER_ADDRESS).toBe(20);
    expect(parseEnv({ ...base, LIVE_STREAMS_PER_ADDRESS: '5000' }).LIVE_STREAMS_PER_ADDRESS).toBe(
      5000,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
    [{ BASE_URL: 'localhost' }, 'BASE_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL'],
    [{ REQUIRE_EMAIL_VERIFICATION: 'maybe' }, 'REQUIRE_EMAIL_VERIFICATION'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'GOOGLE_CLIENT_SECRET'],
    [{ VAPID_PUBLIC_KEY: 'not-a-key' }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_PRIVATE_KEY: 'A'.repeat(43) }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'http://fg.example.com' }, 'VAPID_SUBJECT'],
    [{ LIVE_STREAMS_PER_ADDRESS: '0' }, 'LIVE_STREAMS_PER_ADDRESS'],
    [{ LIVE_STREAMS_PER_ADDRESS: '-3' }, 'LIVE_STREAMS_PER_ADDRESS'],
    [{ LIVE_STREAMS_PER_ADDRESS: 'many' }, 'LIVE_STREAMS_PER_ADDRESS'],
  ])('names the bad variable %j', (values, variable) => {
    const run = () => parseEnv({ ...base, ...values });
    expect(run).toThrow(EnvError);
    expect(run).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('parses lists and flags', () => {
    const env = parseEnv({
      ...base,
      ADMIN_EMAILS: ' Boss@Example.com, ref@example.com ,',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      BASE_URL: 'https://fg.example.com/',
    });
    expect(env.ADMIN_EMAILS).toEqual(['boss@example.com', 'ref@example.com']);
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(env.baseUrl).toBe('https://fg.example.com');
  });

  it('generates a private auth secret into the data folder once, never a fixed default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-env-'));
    const first = parseEnv({ DATA_DIR: dir });
    const second = parseEnv({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
    expect(statSync(join(dir, 'auth-secret')).mode & 0o077).toBe(0);
    const other = parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fg-env-')) });
    expect(other.authSecret).not.toBe(first.authSecret);
  });
});
