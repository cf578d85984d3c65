import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Claims the (player, round) mail; false when it was already claimed (sent once, ever). */
export const claimReminder = async (db: Db, userId: string, roundKey: string, at: string) => {
  const result = await db
    .insertInto('reminder_sends')
    .values({ user_id: userId, round_key: roundKey, sent_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'round_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
};

/** Whether the player asked for reminder mails (off until they do). */
export const reminderEnabled = async (db: Db, userId: string) => {
  const row = await db
    .selectFrom('reminder_settings')
    .select('enabled')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.enabled ?? 0) === 1;
};

/** Turns reminders on or off; the first setting also stores the player's unsubscribe token. */
export const saveReminderSetting = async (
  db: Db,
  setting: { userId: string; enabled: boolean; unsubscribeToken: string; at: string },
) => {
  const enabled = setting.enabled ? 1 : 0;
  await db
    .insertInto('reminder_settings')
    .values({
      user_id: setting.userId,
      enabled,
      unsubscribe_token: setting.unsubscribeToken,
      updated_at: setting.at,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ enabled, updated_at: setting.at }))
    .execute();
};

/** The player an unsubscribe token names, with their language. */
export const findByUnsubscribeToken = async (db: Db, token: string) => {
  const row = await db
    .selectFrom('reminder_settings as r')
    .innerJoin('user as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'u.locale'])
    .where('r.unsubscribe_token', '=', token)
    .executeTakeFirst();
  return row ? { userId: row.user_id, locale: row.locale } : null;
};

export const disableReminders = async (db: Db, userId: string, at: string) => {
  await db
    .updateTable('reminder_settings')
    .set({ enabled: 0, updated_at: at })
    .where('user_id', '=', userId)
    .execute();
};

/** A competition's name and page, for the mail. */
export const competitionLabel = async (db: Db, competitionId: string) =>
  (await db
    .selectFrom('competitions')
    .select(['name', 'route'])
    .where('id', '=', competitionId)
    .executeTakeFirst()) ?? null;

/** Records which outbox mail a claimed (player, round) reminder went out as. */
export const linkReminderMail = async (
  db: Db,
  userId: string,
  roundKey: string,
  outboxId: string,
) => {
  await db
    .updateTable('reminder_sends')
    .set({ outbox_id: outboxId })
    .where('user_id', '=', userId)
    .where('round_key', '=', roundKey)
    .execute();
};
