import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createStandings } from '../bootstrap';
import { openDatabase } from '../db/database';
import { migrateToLatest, migrationNames } from '../db/migrate';
import type { DB } from '../db/schema';

/**
 * Moving up (issue 30): a stopped SQLite install copied into an empty PostgreSQL database — every
 * table of the schema (users and sessions, leagues, teams, predictions, results, audit, push and
 * calendar keys…) — then every competition's standings rebuilt from the copied picks, and the
 * copy checked: each table's row count and every league's table (each team's points, exact
 * minutes and correct outcomes in every season) against the source's.
 */

/** What the standings derive from picks and results: rebuilt in the copy, not copied. */
const derived = new Set([
  'team_totals',
  'round_totals',
  'minute_counts',
  'standings_versions',
  'tally_runs',
]);

export interface CopyReport {
  /** Each table's rows in both; `rebuilt` ones are derived (their rows differ in number). */
  tables: { table: string; source: number; target: number; rebuilt: boolean }[];
  competitionsRebuilt: number;
  leagues: { checked: number; differing: string[] };
  ok: boolean;
  seconds: number;
}

/** Rows per INSERT: PostgreSQL binds at most 65,535 parameters a statement. */
const maxParameters = 30_000;
/** Teams compared a read. */
const comparePage = 10_000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema's tables in an order that inserts each after the tables it refers to. */
const tablesInOrder = async (db: Kysely<DB>) => {
  const tables = (
    await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not like 'kysely_migration%'`.execute(db)
  ).rows.map((r) => r.name);
  const references = (
    await sql<{ child: string; parent: string }>`select c.relname as child, p.relname as parent
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace`.execute(db)
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table)) throw new Error(`the tables refer to each other in a cycle at ${table}`);
    path.add(table);
    for (const r of references) if (r.child === table && r.parent !== table) place(r.parent, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables.sort()) place(table, new Set());
  return ordered;
};

/** The columns of a table in the target, in their order. */
const columnsOf = async (db: Kysely<DB>, table: string) =>
  (
    await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
      order by ordinal_position`.execute(db)
  ).rows.map((r) => r.name);

/** Copies one table in multi-row inserts on `client` (inside its transaction); returns the rows. */
const copyTable = async (
  source: SQLite.Database,
  client: pg.ClientBase,
  table: string,
  columns: string[],
) => {
  const perInsert = Math.max(1, Math.floor(maxParameters / columns.length));
  const read = source.prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)}`);
  read.raw(true);
  const head = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values `;
  let rows: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    let n = 0;
    const tuples = rows.map((row) => `(${row.map(() => `$${(n += 1)}`).join(', ')})`);
    await client.query(head + tuples.join(', '), rows.flat());
    copied += rows.length;
    rows = [];
  };
  for (const row of read.iterate() as Iterable<unknown[]>) {
    rows.push(row);
    if (rows.length >= perInsert) await flush();
  }
  await flush();
  return copied;
};

interface TotalsRow {
  league_id: string;
  season: string;
  team_id: string;
  points: number;
  exact_minutes: number;
  correct_outcomes: number;
}

const totalsKey = (r: TotalsRow) =>
  `${r.season}\u0000${r.team_id}\u0000${Number(r.points)}\u0000${Number(r.exact_minutes)}\u0000${Number(r.correct_outcomes)}`;

/** Every league's table in both databases, a page of leagues at a time: the leagues that differ. */
const compareTables = async (source: SQLite.Database, db: Kysely<DB>) => {
  const leagueIds = (
    source.prepare('select id from leagues order by id').raw(true).all() as [string][]
  ).map((r) => r[0]);
  const readSource = source.prepare(
    `select league_id, season, team_id, points, exact_minutes, correct_outcomes from team_totals
     where league_id >= ? and league_id <= ?
       and (points <> 0 or exact_minutes <> 0 or correct_outcomes <> 0)`,
  );
  const count = source.prepare('select count(*) as n from teams where league_id = ?');
  const differing: string[] = [];
  let i = 0;
  while (i < leagueIds.length) {
    // Leagues in pages of about `comparePage` teams (one league at least).
    const first = leagueIds[i] as string;
    let last = first;
    let teams = 0;
    while (i < leagueIds.length && (teams === 0 || teams < comparePage)) {
      last = leagueIds[i] as string;
      teams += (count.get(last) as { n: number }).n;
      i += 1;
    }
    const group = (rows: TotalsRow[]) => {
      const by = new Map<string, string[]>();
      for (const r of rows) {
        const keys = by.get(r.league_id) ?? [];
        keys.push(totalsKey(r));
        by.set(r.league_id, keys);
      }
      return by;
    };
    const mine = group(readSource.all(first, last) as TotalsRow[]);
    const theirs = group(
      (
        await sql<TotalsRow>`select league_id, season, team_id, points, exact_minutes, correct_outcomes
          from team_totals
          where league_id collate "C" >= ${first} and league_id collate "C" <= ${last}
            and (points <> 0 or exact_minutes <> 0 or correct_outcomes <> 0)`.execute(db)
      ).rows,
    );
    for (const id of new Set([...mine.keys(), ...theirs.keys()])) {
      const a = (mine.get(id) ?? []).sort().join('\n');
      const b = (theirs.get(id) ?? []).sort().join('\n');
      if (a !== b) differing.push(id);
    }
  }
  return { checked: leagueIds.length, differing };
};

/**
 * Copies the SQLite file at `sourcePath` into the empty PostgreSQL database at `targetUrl`.
 * Refuses a source that is not migrated to this version, or a target that holds any table.
 */
export const copyToPostgres = async (
  sourcePath: string,
  targetUrl: string,
  progress: (line: string) => void = () => undefined,
): Promise<CopyReport> => {
  const started = performance.now();
  const source = new SQLite(sourcePath, { readonly: true, fileMustExist: true });
  const target = openDatabase({ dialect: 'postgres', url: targetUrl });
  try {
    const applied = (
      source.prepare('select name from kysely_migration order by name').raw(true).all() as [
        string,
      ][]
    ).map((r) => r[0]);
    const missing = migrationNames.filter((name) => !applied.includes(name));
    if (missing.length > 0)
      throw new Error(
        `the SQLite database is not up to date (${missing.length} migrations to apply): run \`npm run cli -- migrate\` on it first`,
      );
    const unknown = applied.filter((name) => !migrationNames.includes(name));
    if (unknown.length > 0)
      throw new Error(
        `the SQLite database was migrated by a newer version (${unknown.join(', ')})`,
      );
    const existing = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables
      where table_schema = current_schema()`.execute(target.db);
    if (Number(existing.rows[0]?.n ?? 0) > 0)
      throw new Error('the PostgreSQL database is not empty: give an empty database');

    await migrateToLatest(target.db);
    const tables = await tablesInOrder(target.db);
    const columns = new Map(
      await Promise.all(tables.map(async (t) => [t, await columnsOf(target.db, t)] as const)),
    );
    // One snapshot of the source for every table (a WAL read transaction), one transaction in
    // the target: a copy that fails leaves no table half full.
    source.exec('begin');
    const counts: CopyReport['tables'] = [];
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      await client.query('begin');
      // Rows the migrations seed give way to the source's (children first).
      for (const table of [...tables].reverse()) await client.query(`delete from ${quote(table)}`);
      for (const table of tables) {
        const copied = derived.has(table)
          ? 0
          : await copyTable(source, client, table, columns.get(table) ?? []);
        const from = (
          source.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }
        ).n;
        counts.push({ table, source: from, target: copied, rebuilt: derived.has(table) });
        if (!derived.has(table)) progress(`${table}: ${copied.toLocaleString('en')} rows`);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
    // The planner's statistics of the copied rows before anything reads them (autovacuum gets to
    // a bulk load only later; without them a 10,000-team league's places were counted by a nested
    // loop over every team, seconds instead of milliseconds).
    await sql`analyze`.execute(target.db);
    // The totals from the copied picks, as 'Rebuild standings' makes them.
    const standings = createStandings({ database: target, now: () => new Date() });
    const competitions = (
      await target.db
        .selectFrom('leagues')
        .select('competition_id')
        .distinct()
        .orderBy('competition_id')
        .execute()
    ).map((r) => r.competition_id);
    for (const id of competitions) {
      await standings.rebuildCompetition(id);
      progress(`standings rebuilt: ${id}`);
    }
    await standings.stop();
    // The rebuilt totals' pages marked all-visible, so the tables' counts read the index alone.
    await sql`vacuum analyze`.execute(target.db);
    const stored = await Promise.all(
      counts.map(async (c) => ({
        ...c,
        target: Number(
          (
            await sql<{
              n: number;
            }>`select count(*)::int as n from ${sql.id(c.table)}`.execute(target.db)
          ).rows[0]?.n ?? 0,
        ),
      })),
    );
    const leagues = await compareTables(source, target.db);
    source.exec('commit');
    const ok =
      stored.every((c) => c.rebuilt || c.source === c.target) && leagues.differing.length === 0;
    return {
      tables: stored,
      competitionsRebuilt: competitions.length,
      leagues,
      ok,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    source.close();
    await target.close();
  }
};

/** The report on one screen. */
export const formatReport = (report: CopyReport) => {
  const width = Math.max(...report.tables.map((t) => t.table.length));
  const lines = [
    `Copied ${report.tables.length} tables in ${report.seconds.toFixed(1)} s:`,
    ...report.tables.map(
      (t) =>
        `  ${t.table.padEnd(width)}  ${t.target.toLocaleString('en').padStart(11)}${
          t.rebuilt
            ? '  (rebuilt)'
            : t.source === t.target
              ? ''
              : `  ≠ ${t.source.toLocaleString('en')} in SQLite`
        }`,
    ),
    `Standings rebuilt for ${report.competitionsRebuilt} competitions.`,
    report.leagues.differing.length === 0
      ? `Every league's table matches the source (${report.leagues.checked.toLocaleString('en')} leagues).`
      : `${report.leagues.differing.length} of ${report.leagues.checked} leagues' tables differ from the source: ${report.leagues.differing.slice(0, 10).join(', ')}`,
    report.ok
      ? 'Done: point DATABASE_URL at the PostgreSQL database and start the app.'
      : 'The copy does not match the source: keep using SQLite and look into the differences.',
  ];
  return lines.join('\n');
};
