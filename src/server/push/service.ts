import type { Services } from '../context';
import { AppError } from '../errors';
import { translator } from '../i18n/translate';
import { upcomingRounds } from '../fixtures/season-repository';
import { missingPicks } from '../predictions-store/league-repository';
import { competitionLabel } from '../reminders/repository';
import { vapidKeys } from './keys';
import * as repo from './repository';
import { longestLockHours, pickDeadline } from '../../domain/league-rules';
import { lockMinutesOf } from '../leagues/rules-repository';
import { acceptableEndpoint, acceptableKeys, deliverPush, type PushMessage } from './send';

type Deps = Pick<Services, 'database' | 'env' | 'now'>;

/** The public key a browser subscribes with, and how many of the player's devices get pushes. */
export const pushStatus = async (services: Deps, user: { id: string }) => ({
  publicKey: (await vapidKeys(services)).publicKey,
  devices: await repo.deviceCount(services.database.db, user.id),
});

export const subscribe = async (
  services: Deps,
  user: { id: string },
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
) => {
  const production = services.env.NODE_ENV === 'production';
  if (
    !acceptableEndpoint(input.endpoint, production) ||
    !acceptableKeys(input.keys.p256dh, input.keys.auth)
  ) {
    throw new AppError('PUSH_SUBSCRIPTION_INVALID');
  }
  const { db } = services.database;
  const saved = await repo.saveSubscription(db, {
    endpoint: input.endpoint,
    userId: user.id,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    at: services.now().toISOString(),
  });
  // Another player's browser: only its holder can unsubscribe it (a browser that changed hands
  // unsubscribes at sign-out, or gets a new endpoint, see src/web/lib/push.ts).
  if (!saved) throw new AppError('PUSH_ENDPOINT_TAKEN');
  return { subscribed: true, devices: await repo.deviceCount(db, user.id) };
};

export const unsubscribe = async (
  services: Deps,
  user: { id: string },
  input: { endpoint: string },
) => {
  const { db } = services.database;
  await repo.deleteSubscription(db, user.id, input.endpoint);
  return { subscribed: false, devices: await repo.deviceCount(db, user.id) };
};

export const pushLeads = { day: 24, hour: 1 } as const;
export type PushLead = keyof typeof pushLeads;

/** Which reminder a player is due: 'hour' within the last hour before the round's first deadline. */
export const leadFor = (deadline: number, now: Date): PushLead =>
  deadline - now.getTime() <= pushLeads.hour * 3_600_000 ? 'hour' : 'day';

/** A player's missing picks in a round: per team how many, and when the first of them closes. */
interface PlayerDue {
  locale: string | null;
  /** Per team: its name and how many picks it misses. */
  teams: Map<string, { team_name: string; missing: number }>;
  /** The round's first deadline for the player (ms), and whether a league brings it forward. */
  deadline: number;
  early: boolean;
}

const messageFor = (
  lead: PushLead,
  due: PlayerDue,
  round: { round: string },
  competition: { name: string; route: string },
  tag: string,
): PushMessage => {
  const teams = [...due.teams.values()];
  const t = translator(due.locale);
  // The date format of the player's language (en-GB, de-DE…): the worker writes the time in it.
  const lang = t('mail.reminder.dateLocale', { defaultValue: 'en-GB' });
  const count = teams.reduce((sum, team) => sum + Number(team.missing), 0);
  const names = teams.map((team) => team.team_name);
  return {
    title: t('push.reminder.title', { competition: competition.name, round: round.round }),
    body: t(
      `push.reminder.${lead === 'hour' ? 'bodyHour' : 'bodyDay'}${due.early ? 'Closes' : ''}`,
      {
        count,
        teams: new Intl.ListFormat(lang, { type: 'conjunction' }).format(names),
      },
    ),
    url: competition.route,
    tag,
    lang,
    // The time the worker writes into the message: the round's first kick-off, or its deadline.
    kickoffAt: new Date(due.deadline).toISOString(),
  };
};

/**
 * Players with picks still open and missing in the round, whose round starts within 24 hours for
 * them: at its first kick-off, or earlier in a league whose rules close picks before it (the
 * earliest of the player's leagues with picks missing counts).
 */
const playersDue = async (
  db: Services['database']['db'],
  round: { competitionId: string; season: string; round: string; firstKickoff: string },
  now: Date,
) => {
  const rows = await missingPicks(db, round, now, 'push');
  const locks = await lockMinutesOf(
    db,
    rows.map((r) => r.league_id),
    round.season,
  );
  const byUser = new Map<string, PlayerDue>();
  for (const row of rows) {
    const lock = locks.get(row.league_id) ?? 0;
    if (pickDeadline(row.kickoff_at, lock).getTime() <= now.getTime()) continue; // closed already
    // The round's first deadline in this league: its first kick-off less the league's lock.
    const opens = pickDeadline(round.firstKickoff, lock).getTime();
    const due = byUser.get(row.user_id) ?? {
      locale: row.locale,
      teams: new Map(),
      deadline: opens,
      early: lock > 0,
    };
    if (opens < due.deadline) Object.assign(due, { deadline: opens, early: lock > 0 });
    const team = due.teams.get(row.team_id) ?? { team_name: row.team_name, missing: 0 };
    team.missing += 1;
    due.teams.set(row.team_id, team);
    byUser.set(row.user_id, due);
  }
  for (const [id, due] of byUser)
    if (due.deadline - now.getTime() > pushLeads.day * 3_600_000) byUser.delete(id);
  return byUser;
};

const inBatches = async <T>(items: T[], size: number, work: (batch: T[]) => Promise<void>) => {
  for (let i = 0; i < items.length; i += size) await work(items.slice(i, i + size));
};

/**
 * Pushes to players whose teams have open fixtures without a prediction in a round starting
 * within 24 hours ('day') and again within the hour ('hour'): one message per player, round and
 * lead, claimed in the database before it goes out, so no instance or rerun sends it twice.
 * Subscriptions the push service reports gone are removed.
 */
export const runPushReminders = async (
  services: Pick<Services, 'database' | 'env' | 'now' | 'logger'>,
  now: Date,
  options: { concurrency?: number } = {},
) => {
  const { db } = services.database;
  const result = { sent: 0, gone: 0, failed: 0 };
  // Deliveries that threw (a key stored before keys were checked, a failed write): each fails
  // alone and the run goes on; the first error is logged once for the run.
  const thrown: { count: number; first?: unknown } = { count: 0 };
  const rounds = await upcomingRounds(db, now, pushLeads.day + longestLockHours);
  if (rounds.length === 0) return result;
  const keys = await vapidKeys(services);
  const production = services.env.NODE_ENV === 'production';
  for (const round of rounds) {
    const competition = await competitionLabel(db, round.competitionId);
    if (!competition) continue;
    const roundKey = [round.competitionId, round.season, round.round].join('|');
    const byUser = await playersDue(db, round, now);
    for (const lead of ['day', 'hour'] as const) {
      const userIds = [...byUser].filter(([, due]) => leadFor(due.deadline, now) === lead);
      await inBatches(
        userIds.map(([id]) => id),
        200,
        async (batch) => {
          const claimed = await repo.claimPushes(db, batch, roundKey, lead, now.toISOString());
          const targets = await repo.subscriptionsOf(db, [...claimed]);
          // A few deliveries at a time: each is a request to the browser's push service.
          const queue = [...targets];
          const worker = async () => {
            for (let target = queue.shift(); target; target = queue.shift()) {
              const due = byUser.get(target.user_id);
              if (!due) continue;
              try {
                const message = messageFor(
                  lead,
                  due,
                  round,
                  competition,
                  `round-${Buffer.from(roundKey).toString('base64url').slice(0, 40)}`,
                );
                const outcome = await deliverPush(keys, target, message, {
                  ttlSeconds: Math.max(60, Math.floor((due.deadline - now.getTime()) / 1000)),
                  production,
                });
                if (outcome === 'gone') await repo.forgetEndpoint(db, target.endpoint);
                else if (outcome === 'sent')
                  await repo.markSent(db, target.endpoint, now.toISOString());
                result[outcome] += 1;
              } catch (error) {
                result.failed += 1;
                thrown.count += 1;
                thrown.first ??= error;
              }
            }
          };
          await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
        },
      );
    }
  }
  if (thrown.count > 0)
    services.logger.warn({ err: thrown.first, failed: thrown.count }, 'reminder pushes failed');
  if (result.sent + result.gone + result.failed > 0)
    services.logger.info(result, 'reminder pushes');
  return result;
};
