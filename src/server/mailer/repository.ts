import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** A mail waiting in the outbox to be delivered. */
export const findPendingMail = async (db: Db, id: string) =>
  (await db
    .selectFrom('outbox')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst()) ?? null;

export const markMailSent = async (db: Db, id: string, attempts: number, at: string) => {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', attempts, sent_at: at, last_error: null })
    .where('id', '=', id)
    .execute();
};

/** A failed attempt: tried again at `nextAttemptAt`, or given up ('failed') when it is null. */
export const markMailFailed = async (
  db: Db,
  id: string,
  failure: { attempts: number; error: string; nextAttemptAt: string | null },
) => {
  await db
    .updateTable('outbox')
    .set({
      status: failure.nextAttemptAt === null ? 'failed' : 'pending',
      attempts: failure.attempts,
      last_error: failure.error,
      next_attempt_at: failure.nextAttemptAt,
    })
    .where('id', '=', id)
    .execute();
};

/** Stores a mail: 'pending' (due at once) with SMTP configured, else 'stored' (kept, not sent). */
export const insertMail = async (
  db: Db,
  mail: {
    id: string;
    kind: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    deliverable: boolean;
    at: string;
  },
) => {
  await db
    .insertInto('outbox')
    .values({
      id: mail.id,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: mail.deliverable ? 'pending' : 'stored',
      next_attempt_at: mail.deliverable ? mail.at : null,
      created_at: mail.at,
    })
    .execute();
};

/** Pending mails whose retry time has come, oldest first. */
export const dueMailIds = async (db: Db, at: string, limit: number) =>
  (
    await db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .orderBy('created_at')
      .limit(limit)
      .execute()
  ).map((r) => r.id);
