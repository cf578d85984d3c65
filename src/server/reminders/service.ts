import { randomBytes } from 'node:crypto';
import type { Services } from '../context';
import { AppError } from '../errors';
import { renderReminderMail } from './mail';
import { inTransaction } from '../db/transaction';
import { upcomingRounds } from '../fixtures/season-repository';
import { missingPicks } from '../predictions-store/league-repository';
import * as repo from './repository';
import { longestLockHours, pickDeadline } from '../../domain/league-rules';
import { lockMinutesOf } from '../leagues/rules-repository';

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
 * One mail per opted-in player per round that starts within 24 hours for them (its first
 * kick-off, earlier in a league that closes picks before it), listing the fixtures
 * their teams have not predicted and can still predict. Each (player, round) is claimed in the
 * database in the same transaction as its outbox row, so a second run — in this or a fresh
 * process — sends nothing.
 */
export const runReminders = async (
  services: Pick<Services, 'database' | 'mailer' | 'env' | 'logger'>,
  now: Date,
) => {
  const { db } = services.database;
  let sent = 0;
  const rounds = await upcomingRounds(db, now, reminderLeadHours + longestLockHours);
  for (const round of rounds) {
    const competition = await repo.competitionLabel(db, round.competitionId);
    if (!competition) continue;
    const rows = await missingPicks(db, round, now, 'mail');
    const locks = await lockMinutesOf(
      db,
      rows.map((r) => r.league_id),
      round.season,
    );
    const byUser = new Map<string, ((typeof rows)[number] & { closesAt: number })[]>();
    for (const row of rows) {
      const closesAt = pickDeadline(row.kickoff_at, locks.get(row.league_id) ?? 0).getTime();
      if (closesAt <= now.getTime()) continue; // closed in this league already
      byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), { ...row, closesAt }]);
    }
    for (const [userId, missing] of byUser) {
      const first = missing[0];
      // Mail rows come with the player's reminder setting, so an unsubscribe token.
      if (!first?.unsubscribe_token || first.email.endsWith('.invalid')) continue;
      // The round starts for the player at its first kick-off less their leagues' longest lock.
      const lock = Math.max(...missing.map((m) => locks.get(m.league_id) ?? 0));
      const starts = pickDeadline(round.firstKickoff, lock).getTime();
      if (starts - now.getTime() > reminderLeadHours * 3_600_000) continue; // not due yet
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
          closesAt:
            m.closesAt < Date.parse(m.kickoff_at) ? new Date(m.closesAt).toISOString() : null,
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
