import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { userLeaguesChanged } from '../standings/standings';

/** The language a player chose (mails and pages use it). */
export const setUserLocale = async (db: Kysely<DB>, userId: string, locale: string) => {
  await db.updateTable('user').set({ locale }).where('id', '=', userId).execute();
};

/** Removes a user with everything that cascades from it (sessions, accounts, teams, settings). */
export const deleteUser = async (db: Kysely<DB> | Transaction<DB>, userId: string) => {
  await db.deleteFrom('user').where('id', '=', userId).execute();
};

/** A user's id, role and whether its address is verified, by e-mail whatever its case. */
export const findUserRoleByEmail = async (db: Kysely<DB> | Transaction<DB>, email: string) => {
  const row = await db
    .selectFrom('user')
    .select(['id', 'role', 'emailVerified'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!row) return null;
  const { emailVerified, ...user } = row;
  // PostgreSQL's boolean, SQLite's 0/1.
  return { ...user, emailVerified: Number(emailVerified) === 1 };
};

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
    await userLeaguesChanged(trx, to);
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

// --- 'Download my data' and account deletion ---

type Db = Kysely<DB> | Transaction<DB>;

export const accountOf = async (db: Db, userId: string) => {
  const u = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'emailVerified', 'isAnonymous', 'locale', 'role', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: Number(u.emailVerified) === 1,
    guest: Number(u.isAnonymous ?? 0) === 1,
    language: u.locale,
    role: u.role,
    createdAt: u.createdAt,
  };
};

/** The player's teams with their leagues, oldest first. */
export const teamsOfUser = async (db: Db, userId: string) =>
  (
    await db
      .selectFrom('teams as t')
      .innerJoin('leagues as l', 'l.id', 't.league_id')
      .innerJoin('competitions as c', 'c.id', 'l.competition_id')
      .select([
        't.id',
        't.name',
        't.created_at',
        'l.id as league_id',
        'l.name as league_name',
        'c.name as competition',
      ])
      .where('t.user_id', '=', userId)
      .orderBy('t.created_at')
      .execute()
  ).map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.created_at,
    league: { id: r.league_id, name: r.league_name, competition: r.competition },
  }));

export const teamIdsOf = async (db: Db, userId: string) =>
  (await db.selectFrom('teams').select('id').where('user_id', '=', userId).execute()).map(
    (r) => r.id,
  );

/** Every prediction of the player's teams (all of them: an export is complete). */
/** The player's bonus answers, with the question they answer (issue 14). */
export const bonusAnswersOfUser = async (db: Db, userId: string) =>
  (
    await db
      .selectFrom('bonus_answers as a')
      .innerJoin('teams as t', 't.id', 'a.team_id')
      .innerJoin('bonus_questions as q', 'q.id', 'a.question_id')
      .select([
        'a.team_id',
        'q.kind',
        'q.prompt',
        'q.season',
        'q.deadline_at',
        'a.answer',
        'a.points',
        'a.created_at',
        'a.updated_at',
      ])
      .where('t.user_id', '=', userId)
      .orderBy('q.deadline_at')
      .execute()
  ).map((r) => ({
    teamId: r.team_id,
    question: { kind: r.kind, prompt: r.prompt, season: r.season, deadline: r.deadline_at },
    answer: r.answer,
    points: r.points === null ? null : Number(r.points),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));

/** The leagues the player runs (as their admin). */
export const leaguesRunBy = async (db: Db, userId: string) =>
  (
    await db
      .selectFrom('leagues')
      .select(['id', 'name', 'invite_code', 'created_at'])
      .where('admin_user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((l) => ({ id: l.id, name: l.name, inviteCode: l.invite_code, createdAt: l.created_at }));

/** Reminder mails, push devices and the calendar link. */
export const settingsOf = async (db: Db, userId: string) => {
  const [reminder, devices, feed] = await Promise.all([
    db
      .selectFrom('reminder_settings')
      .select('enabled')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('push_subscriptions')
      .select(db.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('calendar_feeds')
      .select('created_at')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    reminderMails: Number(reminder?.enabled ?? 0) === 1,
    pushDevices: Number(devices?.n ?? 0),
    calendarLink: feed ? { createdAt: feed.created_at } : null,
  };
};

/** Deleting an account: every message it wrote in leagues loses its text and its author. */
export const forgetAuthor = async (db: Db, userId: string, at: string) => {
  await db
    .updateTable('league_messages')
    .set({
      body: null,
      mentions_json: '[]',
      deleted_at: at,
      deleted_by: 'account_deleted',
      user_id: null,
    })
    .where('user_id', '=', userId)
    .execute();
};

/** A user's messages for their data export, newest first. */
export const messagesOfUser = async (db: Db, userId: string) =>
  (
    await db
      .selectFrom('league_messages as m')
      .innerJoin('leagues as l', 'l.id', 'm.league_id')
      .leftJoin('teams as t', 't.id', 'm.team_id')
      .select([
        'l.name as league_name',
        'm.team_name',
        't.name as current_name',
        'm.body',
        'm.deleted_by',
        'm.created_at',
        'm.edited_at',
      ])
      .where('m.user_id', '=', userId)
      .orderBy('m.created_at', 'desc')
      .execute()
  ).map((r) => ({
    league: r.league_name,
    team: r.current_name ?? r.team_name,
    text: r.deleted_by ? null : r.body,
    state: r.deleted_by ?? 'shown',
    createdAt: r.created_at,
    editedAt: r.edited_at,
  }));
