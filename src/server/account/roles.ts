import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { writeAudit } from '../audit/repository';
import { inTransaction } from '../db/transaction';
import { findUserRoleByEmail, setUserRole } from './repository';

export type Role = 'user' | 'admin';

export interface RoleChange {
  email: string;
  role: Role;
  actorUserId: string | null;
  actorLabel: string;
  at: Date;
  /** Only an account whose address is verified (ADMIN_EMAILS: a listed address must be proved). */
  verifiedOnly?: boolean;
}

/**
 * Sets a user's role by e-mail; returns false when no such user exists (or, `verifiedOnly`, its
 * address is not verified). Audited when it changes.
 */
export const setRole = async (db: Kysely<DB>, change: RoleChange): Promise<boolean> =>
  inTransaction(db, async (trx) => {
    const user = await findUserRoleByEmail(trx, change.email);
    if (!user || (change.verifiedOnly && !user.emailVerified)) return false;
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

/**
 * Promotes every account listed in ADMIN_EMAILS whose owner proved the address (it is verified):
 * at every start, and when a listed address is verified (auth.ts). An unverified one waits — whoever
 * signed up first under it need not own it; a role already held stays (the CLI revokes it).
 */
export const applyAdminEmails = async (db: Kysely<DB>, emails: string[], at: Date) => {
  for (const email of emails) {
    await setRole(db, {
      email,
      role: 'admin',
      actorUserId: null,
      actorLabel: 'ADMIN_EMAILS',
      at,
      verifiedOnly: true,
    });
  }
};
