// A fresh SQLite file holding one 10,000-team league (beside one of 20) in a competition of 380
// fixtures, with its standings derived: what the feature benches of issue 14 measure on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upsertCatalogue } from '../src/server/competitions/repository';
import { readCompetitionCatalogue } from '../src/server/competitions/catalogue';
import { migrateToLatest } from '../src/server/db/migrate';
import { openDatabase, type Database } from '../src/server/db/database';
import { parseEnv } from '../src/server/env';
import { createStandings } from '../src/server/bootstrap';
import type { Standings } from '../src/server/standings/standings';
import { freshDatabase } from './fresh-database';
import { openWriter, seedCompetition, seedPlayers } from './seed-scale';

export const benchCompetition = 'bench_league';
export const largeLeagueTeams = 10_000;

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const out = (line = '') => process.stdout.write(`${line}\n`);

/**
 * Builds the league (every team with `picksPerTeam` picks among the finals), derives its totals
 * with 'Rebuild standings' and runs `measure` on it; the file (or PostgreSQL database) goes
 * afterwards.
 */
export const withLargeLeague = async (
  name: string,
  picksPerTeam: number,
  measure: (context: {
    database: Database;
    standings: Standings;
    now: Date;
    predictions: number;
    rebuildMs: number;
  }) => Promise<void>,
  dialect: 'sqlite' | 'postgres' = 'sqlite',
) => {
  const dataDir = mkdtempSync(join(tmpdir(), `firstgoal-${name}-bench-`));
  const fresh = await freshDatabase(dialect, dataDir, `${name}_bench`);
  try {
    const env = parseEnv(
      {
        DATABASE_URL: fresh.url,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
      },
      { generateSecret: true },
    );
    const now = new Date();
    let database = openDatabase(env.database);
    await migrateToLatest(database.db);
    await upsertCatalogue(database.db, readCompetitionCatalogue(), now);
    await database.close();
    const writer = openWriter(env.database);
    const fixtures = await seedCompetition(writer, benchCompetition, now);
    const predictions = await seedPlayers(writer, {
      shape: { users: 2_000, leagueSizes: [largeLeagueTeams, 20], picksPerTeam },
      competitionId: benchCompetition,
      finals: fixtures.filter((f) => f.result !== null).map((f) => f.id),
      at: now.toISOString(),
    });
    await writer.close();
    database = openDatabase(env.database);
    await database.optimize();
    const started = performance.now();
    const standings = createStandings({ database, now: () => now });
    await standings.rebuildCompetition(benchCompetition);
    const rebuildMs = performance.now() - started;
    await database.optimize();
    try {
      await measure({ database, standings, now, predictions, rebuildMs });
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
