import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { t } from './fuzz-world';

/*
 * How to tell that nothing changed: a fingerprint read after each request (one query: the count
 * of each table and its latest change) and a digest of every row around each operation's run.
 */

// Every table but sessions, verification tokens and rate-limit counters (they change on reads),
// with the column that shows its latest change (one query after each request reads them all).
const changeColumns = {
  user: '"updatedAt"',
  account: '"updatedAt"',
  competitions: 'updated_at',
  fixtures: 'updated_at',
  leagues: 'updated_at',
  teams: 'created_at',
  predictions: 'updated_at',
  contact_messages: 'handled_at',
  outbox: 'next_attempt_at',
  audit_log: 'created_at',
  reminder_settings: 'updated_at',
  reminder_sends: 'sent_at',
  sync_status: 'ran_at',
  team_totals: 'points',
  round_totals: 'points',
  tally_runs: 'queued_at',
  league_messages: 'coalesce(deleted_at, edited_at, created_at)',
  league_message_reactions: 'created_at',
  league_message_reports: 'created_at',
  league_feed_members: 'updated_at',
  league_log: 'created_at',
  fixture_log: 'created_at',
} as const;
export const tables = Object.keys(changeColumns) as (keyof typeof changeColumns)[];

/** Each table's row count and a hash of its rows: any change to any row shows. */
export const digest = async () => {
  const parts: Record<string, string> = {};
  for (const table of tables) {
    const rows = await t.services.database.db.selectFrom(table).selectAll().execute();
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    parts[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return parts;
};

const fingerprintQuery = sql.raw(
  `select ${tables
    .map(
      (table) =>
        `(select count(*) from "${table}"), (select max(${changeColumns[table]}) from "${table}")`,
    )
    .join(', ')}`,
);
/** Each table's count and latest change, in one query: cheap enough after every request. */
export const fingerprint = async () =>
  JSON.stringify((await fingerprintQuery.execute(t.services.database.db)).rows);
