import { randomBytes } from 'node:crypto';
import type { Services } from '../context';
import { AppError } from '../errors';
import { renderReminderMail } from './mail';
import { inTransaction } from '../db/transaction';
import * as repo from './repository';

export const reminderLeadHours = 24;

type Deps = Pick<Services, 'database'>;

export const getReminderSetting = async ({ database }: Deps, user: { id: string }) => ({
  enabled: await repo.reminderEnabled(database.db, user.id),
});

export const setReminderSetting = async (
  { database }: Deps,
  user: { id: string },
  { enabled }: { enabled: boolean },
  now: Date,
) => {
  await repo.saveReminderSetting(database.db, {
    userId: user.id,
    enabled,
    unsubscribeToken: randomBytes(24).toString('base64url'),
    at: now.toISOString(),
  });
  return { enabled };
};

/** The unsubscribe link works without signing in: the token names the player. */
export const unsubscribe = async (
  { database }: Deps,
  _visitor: null,
  { token }: { token: string },
  now: Date,
) => {
  const { db } = database;
  const found = await repo.findByUnsubscribeToken(db, token);
  if (!found) throw new AppError('UNSUBSCRIBE_INVALID');
  await repo.disableReminders(db, found.userId, now.toISOString());
  return { locale: found.locale };
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
  for (const round of await repo.upcomingRounds(db, now, reminderLeadHours)) {
    const competition = await repo.competitionLabel(db, round.competitionId);
    if (!competition) continue;
    const rows = await repo.missingPredictions(db, round, now);
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
      const mailId = await inTransaction(db, async (trx) => {
        if (!(await repo.claimReminder(trx, userId, roundKey, now.toISOString()))) return null;
        const id = await services.mailer.record(trx, {
          kind: 'reminder',
          to: first.email,
          ...mail,
        });
        await repo.linkReminderMail(trx, userId, roundKey, id);
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
