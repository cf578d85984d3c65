import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { writeAudit } from '../audit-repository';
import { inTransaction } from '../db/transaction';
import { findUserRoleByEmail, setUserRole } from './repository';

export type Role = 'user' | 'admin';

export interface RoleChange {
  email: string;
  role: Role;
  actorUserId: string | null;
  actorLabel: string;
  at: Date;
}

/** Sets a user's role by e-mail; returns false when no such user exists. Audited when it changes. */
export const setRole = async (db: Kysely<DB>, change: RoleChange): Promise<boolean> =>
  inTransaction(db, async (trx) => {
    const user = await findUserRoleByEmail(trx, change.email);
    if (!user) return false;
    if (user.role === change.role) return true;
    await setUserRole(trx, user.id, change.role);
    await writeAudit(
      trx,
      { id: change.actorUserId, label: change.actorLabel },
      {
        action: change.role === 'admin' ? 'role.grant' : 'role.revoke',
        entityType: 'user',
        entityId: user.id,
        before: { role: user.role },
        after: { role: change.role },
      },
      change.at,
    );
    return true;
  });

/** Promotes every existing account listed in ADMIN_EMAILS (new ones are promoted at sign-up). */
export const applyAdminEmails = async (db: Kysely<DB>, emails: string[], at: Date) => {
  for (const email of emails) {
    await setRole(db, { email, role: 'admin', actorUserId: null, actorLabel: 'ADMIN_EMAILS', at });
  }
};
