/**
 * Where server tests put their databases. With DATABASE_URL_TEST (a postgres:// URL of a server
 * where we may create databases) each test file gets a fresh PostgreSQL database cloned from a
 * migrated template; otherwise a copy of a migrated SQLite file.
 */
export const postgresTestUrl = (): string | undefined => {
  const url = process.env.DATABASE_URL_TEST;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
};

export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};
