import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { readCompetitionCatalogue } from '../../src/server/competitions/catalogue';
import { upsertCatalogue } from '../../src/server/competitions/repository';
import { readFixtureCatalogue, upsertBuiltInFixtures } from '../../src/server/results/catalogue';
import { postgresTestUrl, withDatabase } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string;
    postgresTemplate: string | null;
    runId: string;
  }
}

const prepare = async (target: Parameters<typeof openDatabase>[0]) => {
  const database = openDatabase(target);
  await migrateToLatest(database.db);
  const at = new Date();
  await upsertCatalogue(database.db, readCompetitionCatalogue(), at);
  await upsertBuiltInFixtures(database.db, readFixtureCatalogue(), at);
  await database.close();
};

/** Migrates one template database per run; each test file then copies it (fast, isolated). */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now()}`;
  project.provide('runId', runId);
  const dir = mkdtempSync(join(tmpdir(), 'firstgoal-test-'));
  const sqliteTemplate = join(dir, 'template.sqlite');
  await prepare({ dialect: 'sqlite', path: sqliteTemplate });
  project.provide('sqliteTemplate', sqliteTemplate);

  const pgUrl = postgresTestUrl();
  let templateName: string | null = null;
  if (pgUrl) {
    templateName = `firstgoal_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${templateName}"`);
    await admin.end();
    await prepare({ dialect: 'postgres', url: withDatabase(pgUrl, templateName) });
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgUrl && templateName) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`firstgoal_t%${runId}%`],
      );
      for (const { datname } of rows)
        await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    }
  };
}
