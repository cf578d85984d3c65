import { randomBytes } from 'node:crypto';
import type { Services } from '../context';
import { AppError } from '../errors';
import { renderReminderMail } from './mail';
import { claimReminder, missingPredictions, upcomingRounds } from './repository';

export const reminderLeadHours = 24;

export const getReminderSetting = async (services: Pick<Services, 'database'>, userId: string) => {
  const row = await services.database.db
    .selectFrom('reminder_settings')
    .select('enabled')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { enabled: Number(row?.enabled ?? 0) === 1 };
};

export const setReminderSetting = async (
  services: Pick<Services, 'database'>,
  userId: string,
  enabled: boolean,
  now: Date,
) => {
  await services.database.db
    .insertInto('reminder_settings')
    .values({
      user_id: userId,
      enabled: enabled ? 1 : 0,
      unsubscribe_token: randomBytes(24).toString('base64url'),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now.toISOString() }),
    )
    .execute();
  return { enabled };
};

/** The unsubscribe link works without signing in: the token names the player. */
export const unsubscribe = async (
  services: Pick<Services, 'database'>,
  token: string,
  now: Date,
) => {
  const { db } = services.database;
  const row = await db
    .selectFrom('reminder_settings as r')
    .innerJoin('user as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'u.locale'])
    .where('r.unsubscribe_token', '=', token)
    .executeTakeFirst();
  if (!row) throw new AppError('UNSUBSCRIBE_INVALID');
  await db
    .updateTable('reminder_settings')
    .set({ enabled: 0, updated_at: now.toISOString() })
    .where('user_id', '=', row.user_id)
    .execute();
  return { locale: row.locale };
};

/**
 * One mail per opted-in player per round whose first kick-off is within 24 hours, listing the
 * fixtures their teams have not predicted. Each (player, round) is claimed in the database in the
 * same transaction as its outbox row, so a second run — in this or a fresh process — sends nothing.
 */
export const runReminders = async (
  services: Pick<Services, 'database' | 'mailer' | 'env' | 'logger'>,
  now: Date,
) => {
  const { db } = services.database;
  let sent = 0;
  for (const round of await upcomingRounds(db, now, reminderLeadHours)) {
    const competition = await db
      .selectFrom('competitions')
      .select(['name', 'route'])
      .where('id', '=', round.competitionId)
      .executeTakeFirst();
    if (!competition) continue;
    const rows = await missingPredictions(db, round, now);
    const byUser = new Map<string, typeof rows>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    for (const [userId, missing] of byUser) {
      const first = missing[0];
      if (!first || first.email.endsWith('.invalid')) continue;
      const mail = renderReminderMail({
        language: first.locale,
        name: first.user_name,
        competition: competition.name,
        round: round.round,
        pageUrl: `${services.env.baseUrl}${competition.route}`,
        unsubscribeUrl: `${services.env.baseUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(first.unsubscribe_token)}`,
        missing: missing.map((m) => ({
          team: m.team_name,
          league: m.league_name,
          home: m.home_team,
          away: m.away_team,
          kickoffAt: m.kickoff_at,
        })),
      });
      const roundKey = [round.competitionId, round.season, round.round].join('|');
      const mailId = await db.transaction().execute(async (trx) => {
        if (!(await claimReminder(trx, userId, roundKey, now.toISOString()))) return null;
        const id = await services.mailer.record(trx, {
          kind: 'reminder',
          to: first.email,
          ...mail,
        });
        await trx
          .updateTable('reminder_sends')
          .set({ outbox_id: id })
          .where('user_id', '=', userId)
          .where('round_key', '=', roundKey)
          .execute();
        return id;
      });
      if (mailId) {
        services.mailer.deliverSoon(mailId);
        sent += 1;
      }
    }
  }
  if (sent > 0) services.logger.info({ sent }, 'reminder mails queued');
  return { sent };
};
