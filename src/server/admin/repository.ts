import type { Kysely } from 'kysely';
import type { OutboxEntry } from '../../domain/admin';
import type { DB } from '../db/schema';

export const listOutbox = async (db: Kysely<DB>, limit: number): Promise<OutboxEntry[]> => {
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    status: r.status as OutboxEntry['status'],
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.next_attempt_at,
    sentAt: r.sent_at,
    createdAt: r.created_at,
  }));
};

export const requeueMail = async (db: Kysely<DB>, id: string, at: Date): Promise<boolean> => {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: at.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'pending'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};
