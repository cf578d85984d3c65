import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { prepared } from '../db/prepared';

// better-auth's own tables, where auth.ts writes to them itself (better-auth does the rest).

/** Removes a user with everything that cascades from it (sessions, accounts, teams, settings). */
export const deleteUserRow = async (db: Kysely<DB>, userId: string) => {
  await db.deleteFrom('user').where('id', '=', userId).execute();
};

/**
 * Whether the user still exists (one prepared look-up by primary key): a deleted account's other
 * sessions outlive it in their signed cache cookies, and every request of theirs is refused with
 * it (account/gone-user.ts, and better-auth's cache version in auth.ts).
 */
export const userExists = async (db: Kysely<DB>, userId: string) =>
  (await prepared(db, db.selectFrom('user').select('id').where('id', '=', userId))).length > 0;

/**
 * A session by its token with what the app reads of its user (one prepared statement: auth.ts
 * confirms a session whose cache cookie ran out with it, without better-auth's pipeline).
 */
export const sessionWithUser = async (db: Kysely<DB>, token: string) => {
  const [row] = await prepared(
    db,
    db
      .selectFrom('session as s')
      .innerJoin('user as u', 'u.id', 's.userId')
      .select([
        's.expiresAt',
        'u.id',
        'u.email',
        'u.name',
        'u.role',
        'u.isAnonymous',
        'u.emailVerified',
        'u.locale',
        'u.twoFactorEnabled',
      ])
      .where('s.token', '=', token),
  );
  return row ?? null;
};

/** The user a sign-in's two-factor challenge is for (better-auth keeps it in `verification`). */
export const challengeUserId = async (db: Kysely<DB>, identifier: string) => {
  const row = await db
    .selectFrom('verification')
    .select('value')
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return row?.value ?? null;
};
