import type { Kysely } from 'kysely';
import type { DB } from './db/schema';

// better-auth's own tables, where auth.ts writes to them itself (better-auth does the rest).

/** Removes a user with everything that cascades from it (sessions, accounts, teams, settings). */
export const deleteUserRow = async (db: Kysely<DB>, userId: string) => {
  await db.deleteFrom('user').where('id', '=', userId).execute();
};
