import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { markUserLeaguesChanged } from '../standings/versions';

/** The language a player chose (mails and pages use it). */
export const setUserLocale = async (db: Kysely<DB>, userId: string, locale: string) => {
  await db.updateTable('user').set({ locale }).where('id', '=', userId).execute();
};

/** Removes a user with everything that cascades from it (a guest that never got a team). */
export const deleteUser = async (db: Kysely<DB>, userId: string) => {
  await db.deleteFrom('user').where('id', '=', userId).execute();
};

/** A user's id and role by e-mail, whatever its case. */
export const findUserRoleByEmail = async (db: Kysely<DB> | Transaction<DB>, email: string) =>
  (await db
    .selectFrom('user')
    .select(['id', 'role'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst()) ?? null;

export const setUserRole = async (
  db: Kysely<DB> | Transaction<DB>,
  userId: string,
  role: string,
) => {
  await db.updateTable('user').set({ role }).where('id', '=', userId).execute();
};

/** A guest who signed up keeps everything: its teams and the leagues it runs pass to `to`. */
export const moveGuestHoldings = async (db: Kysely<DB>, from: string, to: string) =>
  db.transaction().execute(async (trx) => {
    await trx.updateTable('teams').set({ user_id: to }).where('user_id', '=', from).execute();
    // Their rows in the tables name another manager now.
    await markUserLeaguesChanged(trx, to);
    await trx
      .updateTable('leagues')
      .set({ admin_user_id: to })
      .where('admin_user_id', '=', from)
      .execute();
  });

/** A user's id, e-mail and name by exact e-mail. */
export const findUserByEmail = async (db: Kysely<DB>, email: string) =>
  (await db
    .selectFrom('user')
    .select(['id', 'email', 'name'])
    .where('email', '=', email)
    .executeTakeFirst()) ?? null;

/** Marks an address verified (accounts made by tools, such as the demo players). */
export const markEmailVerified = async (db: Kysely<DB>, email: string) => {
  await db
    .updateTable('user')
    .set({ emailVerified: 1 })
    .where('email', '=', email)
    .where('emailVerified', '=', 0)
    .execute();
};
