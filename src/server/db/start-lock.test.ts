import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { postgresTestUrl, withDatabase } from '../../../tests/setup/database-url';
import { closeServices, createServices } from '../bootstrap';
import { readCompetitionCatalogue } from '../competitions/catalogue';
import { parseEnv } from '../env';
import { createLogger } from '../logger';

// Issue 30, 'Running several instances': instances started at once on an empty PostgreSQL
// database (README: `PORT=3001 npm start & PORT=3002 npm start &`) both come up. Walking the
// README found the second one dying on the catalogue's first insert.

const pgUrl = postgresTestUrl();

describe.runIf(pgUrl)('instances started at once', () => {
  it('prepare an empty database one after the other, and both start', async () => {
    const name = `firstgoal_t_${inject('runId')}_start_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const dir = mkdtempSync(join(tmpdir(), 'firstgoal-start-'));
    const url = withDatabase(pgUrl ?? '', name);
    const env = parseEnv({
      DATABASE_URL: url,
      DATA_DIR: dir,
      NODE_ENV: 'test',
      AUTH_SECRET: 'start-lock-secret-start-lock-secret-0123',
      BASE_URL: 'http://localhost:3000',
      OPENFOOTBALL_SYNC: 'false',
    });
    const logger = createLogger('silent');
    try {
      const started = await Promise.allSettled([
        createServices(env, { logger }),
        createServices(env, { logger }),
        createServices(env, { logger }),
      ]);
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ n: string }>('select count(*) as n from competitions');
      await client.end();
      expect(Number(rows[0]?.n)).toBe(readCompetitionCatalogue().length);
      for (const s of started) if (s.status === 'fulfilled') await closeServices(s.value);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
