import type { Services } from '../context';
import { translator } from '../i18n/translate';
import type { LeagueRow } from '../leagues/repository';
import { vapidKeys } from '../push/keys';
import { forgetEndpoint, markSent, subscriptionsOf } from '../push/repository';
import { deliverPush, type PushMessage } from '../push/send';
import * as repo from './repository';

type Deps = Pick<Services, 'database' | 'env' | 'now' | 'logger'>;

const bodyLength = 120;

/** What a reply or a mention says on a device, in its player's language. */
export const feedPushMessage = (
  kind: 'reply' | 'mention',
  m: { leagueId: string; leagueName: string; teamName: string; text: string; messageId: string },
  locale: string | null,
): PushMessage => {
  const t = translator(locale);
  const chars = [...m.text];
  const text = chars.length > bodyLength ? `${chars.slice(0, bodyLength).join('')}…` : m.text;
  return {
    title: t(kind === 'reply' ? 'push.feed.replyTitle' : 'push.feed.mentionTitle', {
      team: m.teamName,
      league: m.leagueName,
    }),
    body: text,
    url: `/league/${m.leagueId}#feed`,
    tag: `feed-${m.messageId}`.slice(0, 120),
    lang: t('mail.reminder.dateLocale', { defaultValue: 'en-GB' }),
  };
};

/**
 * Tells the author of the answered message and the owners of mentioned teams, where they asked
 * for this league's feed notifications (never the poster; a reply that also mentions tells once).
 */
export const notifyFeed = async (
  services: Deps,
  m: {
    league: LeagueRow;
    from: string;
    teamName: string;
    text: string;
    messageId: string;
    replyToUser: string | null;
    mentions: string[];
  },
) => {
  const { db } = services.database;
  const kinds = new Map<string, 'reply' | 'mention'>();
  if (m.replyToUser && m.replyToUser !== m.from) kinds.set(m.replyToUser, 'reply');
  for (const team of await repo.teamOwners(db, m.mentions))
    if (team.user_id !== m.from && !kinds.has(team.user_id)) kinds.set(team.user_id, 'mention');
  if (kinds.size === 0) return { sent: 0 };
  const users = await repo.usersToNotify(db, m.league.id, [...kinds.keys()]);
  if (users.length === 0) return { sent: 0 };
  const keys = await vapidKeys(services);
  const devices = await subscriptionsOf(
    db,
    users.map((u) => u.id),
  );
  const locales = new Map(users.map((u) => [u.id, u.locale]));
  const delivered: string[] = [];
  for (const device of devices) {
    const kind = kinds.get(device.user_id);
    if (!kind) continue;
    const message = feedPushMessage(
      kind,
      {
        leagueId: m.league.id,
        leagueName: m.league.name,
        teamName: m.teamName,
        text: m.text,
        messageId: m.messageId,
      },
      locales.get(device.user_id) ?? null,
    );
    try {
      const outcome = await deliverPush(keys, device, message, {
        ttlSeconds: 24 * 3600,
        production: services.env.NODE_ENV === 'production',
      });
      if (outcome === 'gone') await forgetEndpoint(db, device.endpoint);
      else if (outcome === 'sent') delivered.push(device.endpoint);
    } catch (err) {
      // One device's failure is not the others'.
      services.logger.warn({ err, leagueId: m.league.id }, 'a feed notification could not be sent');
    }
  }
  await markSent(db, delivered, services.now().toISOString());
  return { sent: delivered.length };
};
