/**
 * True when `error` is a unique-constraint violation (optionally of one index or column), on
 * SQLite (better-sqlite3) or PostgreSQL (pg). Races are settled by the database; callers turn
 * this into a 409.
 */
export const isUniqueViolation = (error: unknown, target?: string): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  const sqlite = typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE');
  const sqlitePk = e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  const postgres = e.code === '23505';
  if (!sqlite && !sqlitePk && !postgres) return false;
  if (!target) return true;
  const text = `${String(e.message ?? '')} ${String(e.constraint ?? '')} ${String(e.detail ?? '')}`;
  return text.includes(target);
};

/**
 * True when PostgreSQL ended the transaction so that it may simply be run again: it was chosen as
 * a deadlock's victim (40P01) or could not be serialised (40001).
 */
export const isRetryable = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
};
