import type { Compilable, Kysely, RawBuilder, Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * Statements run so often that PostgreSQL planning them each time costs more than running them
 * (decision 024): the saves' group statements (two thirds of a group's database time went to
 * parse and plan) and the reads of a league's table after it moved. A text registered here is
 * prepared once per pooled connection under a name of its own and afterwards only bound and
 * executed (db/database.ts's client). Only texts of a fixed shape are registered (no lists of
 * varying length), so the names are few and the same on every connection. SQLite ignores it.
 */
const names = new Map<string, string>();

/** Registers a statement's text; returns the text. */
export const preparedStatement = (text: string) => {
  if (!names.has(text)) names.set(text, `fg_${names.size + 1}`);
  return text;
};

/** The name a registered text runs under, or undefined. */
export const statementName = (text: string) => names.get(text);

/**
 * Runs a query of a fixed shape as a prepared statement (its text registered as it is compiled):
 * the rows, as `execute()` would give them.
 */
export const prepared = async <O>(
  db: Kysely<DB> | Transaction<DB>,
  query: Compilable<O>,
): Promise<O[]> => {
  const compiled = query.compile();
  preparedStatement(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
};

/** The same for a raw statement (`sql` template). */
export const preparedSql = async <O>(
  db: Kysely<DB> | Transaction<DB>,
  statement: RawBuilder<O>,
): Promise<O[]> => {
  const compiled = statement.compile(db);
  preparedStatement(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
};
