import type { ColumnType } from 'kysely';

/**
 * Column types that read alike on both databases. Instants: PostgreSQL's timestamptz (better-auth's
 * tables) gives a Date, SQLite ISO-8601 text; our own tables keep ISO text on both (decision
 * 002). Flags: PostgreSQL's boolean, SQLite's 0/1. Millis: epoch milliseconds in a bigint, which
 * PostgreSQL's driver reads as text.
 */
export type Instant = ColumnType<Date | string, Date | string, Date | string>;
export type Flag = ColumnType<boolean | number, boolean | number, boolean | number>;
export type Millis = ColumnType<number | string, number, number>;
