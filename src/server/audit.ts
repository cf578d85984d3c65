import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './db/types';

export interface AuditEntry {
  actorUserId: string | null;
  /** Who did it, readable: an e-mail, 'cli', 'ADMIN_EMAILS', 'import'... */
  actorLabel: string;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

export const writeAudit = async (
  db: Kysely<DB> | Transaction<DB>,
  entry: AuditEntry,
  at: Date,
): Promise<void> => {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      actor_user_id: entry.actorUserId,
      actor_label: entry.actorLabel,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: at.toISOString(),
    })
    .execute();
};
