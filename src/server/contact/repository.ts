import { sql, type Kysely, type Transaction } from 'kysely';
import type { ContactBody } from '../../domain/contact';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  locale: string | null;
  handled: boolean;
  createdAt: string;
}

/**
 * PostgreSQL: serialises one address's messages for the rest of the transaction (SQLite's one
 * connection is held by the transaction already).
 */
export const lockAddress = async (trx: Transaction<DB>, dialect: Dialect, clientIp: string) => {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`contact:${clientIp}`}))`.execute(trx);
};

/** Messages sent from an address since a moment. */
export const countSince = async (db: Db, clientIp: string, since: string) => {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertMessage = async (
  db: Db,
  message: ContactBody & {
    id: string;
    userId: string | null;
    clientIp: string;
    locale: string | null;
    at: string;
  },
) => {
  const { id, userId, clientIp, locale, at, ...input } = message;
  await db
    .insertInto('contact_messages')
    .values({
      id,
      ...input,
      user_id: userId,
      client_ip: clientIp,
      locale,
      created_at: at,
    })
    .execute();
};

/** The inbox: the newest messages first. */
export const listInbox = async (db: Db, limit: number): Promise<ContactMessage[]> =>
  (
    await db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute()
  ).map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    locale: r.locale,
    handled: r.handled_at !== null,
    createdAt: r.created_at,
  }));

/** False when there is no such message. */
export const markHandled = async (db: Db, id: string, handledAt: string | null) => {
  const result = await db
    .updateTable('contact_messages')
    .set({ handled_at: handledAt })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};
