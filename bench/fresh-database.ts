import { join } from 'node:path';
import pg from 'pg';

/**
 * A fresh database for a benchmark of one dialect: a SQLite file in `dataDir`, or the PostgreSQL
 * database `firstgoal_<name>` made anew on `BENCH_DATABASE_URL`'s server (default the local one
 * as user postgres); `drop` removes it.
 */
export const freshDatabase = async (
  dialect: 'sqlite' | 'postgres',
  dataDir: string,
  name: string,
) => {
  if (dialect === 'sqlite')
    return { url: `file:${join(dataDir, `${name}.sqlite`)}`, drop: async () => undefined };
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `firstgoal_${name}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await query(`drop database if exists ${database} with (force)`);
  await query(`create database ${database}`);
  return {
    url: server.replace(/\/[^/]*$/, `/${database}`),
    drop: () => query(`drop database if exists ${database} with (force)`),
  };
};
