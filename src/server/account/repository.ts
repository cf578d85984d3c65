import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/** The language a player chose (mails and pages use it). */
export const setUserLocale = async (db: Kysely<DB>, userId: string, locale: string) => {
  await db.updateTable('user').set({ locale }).where('id', '=', userId).execute();
};

/** Removes a user with everything that cascades from it (a guest that never got a team). */
export const deleteUser = async (db: Kysely<DB>, userId: string) => {
  await db.deleteFrom('user').where('id', '=', userId).execute();
};
