import type { Services } from '../context';
import { AppError } from '../errors';
import { translator } from '../i18n/translate';
import { upcomingRounds, competitionLabel } from '../reminders/repository';
import { vapidKeys } from './keys';
import * as repo from './repository';
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
  await repo.saveSubscription(db, {
    endpoint: input.endpoint,
    userId: user.id,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    at: services.now().toISOString(),
  });
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

/** Which reminder a round is due: 'hour' within the last hour before its first kick-off. */
export const leadFor = (firstKickoff: string, now: Date): PushLead =>
  Date.parse(firstKickoff) - now.getTime() <= pushLeads.hour * 3_600_000 ? 'hour' : 'day';

const messageFor = (
  lead: PushLead,
  teams: { team_name: string; missing: number; locale: string | null }[],
  round: { round: string; firstKickoff: string },
  competition: { name: string; route: string },
  tag: string,
): PushMessage => {
  const t = translator(teams[0]?.locale);
  // The date format of the player's language (en-GB, de-DE…): the worker writes the time in it.
  const lang = t('mail.reminder.dateLocale', { defaultValue: 'en-GB' });
  const count = teams.reduce((sum, team) => sum + Number(team.missing), 0);
  const names = teams.map((team) => team.team_name);
  return {
    title: t('push.reminder.title', { competition: competition.name, round: round.round }),
    body: t(lead === 'hour' ? 'push.reminder.bodyHour' : 'push.reminder.bodyDay', {
      count,
      teams: new Intl.ListFormat(lang, { type: 'conjunction' }).format(names),
    }),
    url: competition.route,
    tag,
    lang,
    kickoffAt: round.firstKickoff,
  };
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
  const rounds = await upcomingRounds(db, now, pushLeads.day);
  if (rounds.length === 0) return result;
  const keys = await vapidKeys(services);
  for (const round of rounds) {
    const competition = await competitionLabel(db, round.competitionId);
    if (!competition) continue;
    const lead = leadFor(round.firstKickoff, now);
    const roundKey = [round.competitionId, round.season, round.round].join('|');
    const byUser = new Map<string, Awaited<ReturnType<typeof repo.missingPicksByTeam>>>();
    for (const row of await repo.missingPicksByTeam(db, round, now)) {
      byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    }
    await inBatches([...byUser.keys()], 200, async (userIds) => {
      const claimed = await repo.claimPushes(db, userIds, roundKey, lead, now.toISOString());
      const targets = await repo.subscriptionsOf(db, [...claimed]);
      // A few deliveries at a time: each is a request to the browser's push service.
      const queue = [...targets];
      const worker = async () => {
        for (let target = queue.shift(); target; target = queue.shift()) {
          const message = messageFor(
            lead,
            byUser.get(target.user_id) ?? [],
            round,
            competition,
            `round-${Buffer.from(roundKey).toString('base64url').slice(0, 40)}`,
          );
          const outcome = await deliverPush(keys, target, message, {
            ttlSeconds: Math.max(
              60,
              Math.floor((Date.parse(round.firstKickoff) - now.getTime()) / 1000),
            ),
          });
          if (outcome === 'gone') await repo.forgetEndpoint(db, target.endpoint);
          else if (outcome === 'sent') await repo.markSent(db, target.endpoint, now.toISOString());
          result[outcome] += 1;
        }
      };
      await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
    });
  }
  if (result.sent + result.gone + result.failed > 0)
    services.logger.info(result, 'reminder pushes');
  return result;
};
