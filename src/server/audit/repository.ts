import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

// The audit trail: who changed what, and when (results, roles, leagues, imports...).

type Db = Kysely<DB> | Transaction<DB>;

/** Who did something: a user (by id) or a process, with a readable label. */
export interface AuditActor {
  id: string | null;
  /** Readable: an e-mail, 'cli', 'ADMIN_EMAILS', 'import'... */
  label: string;
}

/** A signed-in user as the trail records them: their id and e-mail address. */
export const auditActorOf = (user: { id: string; email: string }): AuditActor => ({
  id: user.id,
  label: user.email,
});

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

export const writeAudit = async (
  db: Db,
  actor: AuditActor,
  entry: AuditEntry,
  at: Date,
): Promise<void> => {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      actor_user_id: actor.id,
      actor_label: actor.label,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: at.toISOString(),
    })
    .execute();
};

export interface AuditRecord {
  id: string;
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** The newest entries of the trail, of one entity when named. */
export const listAudit = async (
  db: Db,
  filter: { entityId?: string | undefined; limit: number },
): Promise<AuditRecord[]> => {
  let query = db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(filter.limit);
  if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
  return (await query.execute()).map((r) => ({
    id: r.id,
    actor: r.actor_label,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    before: r.before_json ? (JSON.parse(r.before_json) as unknown) : null,
    after: r.after_json ? (JSON.parse(r.after_json) as unknown) : null,
    createdAt: r.created_at,
  }));
};
