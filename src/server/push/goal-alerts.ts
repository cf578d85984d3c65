import { scoringRulesOf } from '../../domain/league-rules';
import type { Services } from '../context';
import { AppError } from '../errors';
import { findFixture, type StoredFixtureRow } from '../fixtures/repository';
import { translator } from '../i18n/translate';
import { pacer } from '../imports/pace';
import { rulesOfLeagues } from '../leagues/rules-repository';
import * as repo from './goal-alerts-repository';
import { vapidKeys } from './keys';
import { forgetEndpoint, markSent, subscriptionsOf } from './repository';
import { deliverPush, type PushMessage } from './send';

type Deps = Pick<Services, 'database' | 'env' | 'now' | 'logger'>;

/**
 * Goal alerts (issue 29): a player with push switched on hears, once per fixture and team,
 * 'Goal 23′ — Leeds 1–0 Coventry' with what their call made of it, a correction when that goal
 * is taken back (only those who were told), and 'Full time' with their points. Each message is
 * claimed in push_sends before it goes out, so two instances (each hearing the bus) or a rerun
 * send it once. The teams of a fixture are read 500 at a time by team and delivered a few at a
 * time, the event loop getting its turns between batches.
 */

/** The player's leagues and whether goal alerts are on in each (default on). */
export const goalAlertSettings = async (
  { database }: Pick<Services, 'database'>,
  user: { id: string },
) => ({
  leagues: await repo.alertSettingsOf(database.db, user.id),
});

export const setGoalAlerts = async (
  { database, now }: Pick<Services, 'database' | 'now'>,
  user: { id: string },
  input: { leagueId: string; enabled: boolean },
) => {
  const mine = await repo.alertSettingsOf(database.db, user.id);
  if (!mine.some((l) => l.leagueId === input.leagueId)) throw new AppError('LEAGUE_NOT_FOUND');
  await repo.saveAlertSetting(database.db, {
    userId: user.id,
    leagueId: input.leagueId,
    enabled: input.enabled,
    at: now().toISOString(),
  });
  return { leagueId: input.leagueId, enabled: input.enabled };
};

/** The first goal as it stands: its minute, or null while there is none (or no minute yet). */
const firstGoalOf = (f: StoredFixtureRow) =>
  (f.homeScore ?? 0) + (f.awayScore ?? 0) > 0 && f.firstGoalMinute !== null && f.firstGoalMinute > 0
    ? f.firstGoalMinute
    : null;

/** What a team is due: leads of push_sends (`goal:23`, `undo:23`, `ft`). */
export const leadsDue = (
  f: Pick<StoredFixtureRow, 'status'> & { goal: number | null },
  told: readonly string[],
) => {
  const due: string[] = [];
  if (f.status === 'live') {
    for (const lead of told) {
      const minute = /^goal:(\d+)$/.exec(lead)?.[1];
      if (minute !== undefined && Number(minute) !== f.goal && !told.includes(`undo:${minute}`))
        due.push(`undo:${minute}`);
    }
    if (f.goal !== null && !told.includes(`goal:${f.goal}`)) due.push(`goal:${f.goal}`);
  }
  if (f.status === 'final' && !told.includes('ft')) due.push('ft');
  return due;
};

/** The message of one lead for one team (exported for the browser test's worker). */
export const goalAlertMessage = (
  f: StoredFixtureRow,
  lead: string,
  target: repo.AlertTarget,
  minutePoints: number,
): PushMessage => {
  const t = translator(target.locale);
  const lang = t('mail.reminder.dateLocale', { defaultValue: 'en-GB' });
  const match = t('live.score', {
    home: f.homeTeam,
    away: f.awayTeam,
    homeScore: f.homeScore ?? 0,
    awayScore: f.awayScore ?? 0,
  });
  const team = target.teamName;
  const base = {
    url: `/league/${target.leagueId}/race/${f.id}`,
    tag: `goal-${f.id}-${target.teamId}`.slice(0, 120),
    lang,
  };
  if (lead === 'ft')
    return {
      ...base,
      title: t('push.goal.fullTimeTitle', { match }),
      body: t('push.goal.fullTime', { team, count: target.points ?? 0 }),
    };
  const minute = Number(lead.split(':')[1]);
  if (lead.startsWith('undo:'))
    return {
      ...base,
      title: t('push.goal.undoTitle', { match }),
      body: t('push.goal.undo', { team }),
    };
  const called = target.firstGoalMinute;
  const body =
    called === minute
      ? t(target.joker ? 'push.goal.hitJoker' : 'push.goal.hit', {
          team,
          minute,
          points: minutePoints,
        })
      : called === 0 || called === null
        ? t('push.goal.missNoGoal', { team })
        : t('push.goal.miss', { team, called });
  return { ...base, title: t('push.goal.title', { minute, match }), body };
};

export interface GoalAlertRun {
  sent: number;
  gone: number;
  failed: number;
}

/** Sends what the fixture's teams are due now; safe to run again at any time. */
export const sendGoalAlerts = async (
  services: Deps,
  fixtureId: string,
  options: { batch?: number; concurrency?: number } = {},
): Promise<GoalAlertRun> => {
  const { db } = services.database;
  const result: GoalAlertRun = { sent: 0, gone: 0, failed: 0 };
  const fixture = await findFixture(db, fixtureId);
  if (!fixture || (fixture.status !== 'live' && fixture.status !== 'final')) return result;
  const state = { status: fixture.status, goal: firstGoalOf(fixture) };
  const keys = await vapidKeys(services);
  const pace = pacer(10);
  const batch = options.batch ?? 500;
  let after = '';
  for (;;) {
    const targets = await repo.alertTargets(db, fixtureId, after, batch);
    const last = targets.at(-1);
    if (!last) break;
    after = last.teamId;
    const keyOf = (t: repo.AlertTarget) => `goal|${fixtureId}|${t.teamId}`;
    const told = await repo.sentLeads(
      db,
      targets.map((t) => ({ userId: t.userId, key: keyOf(t) })),
    );
    const plans = targets.flatMap((t) =>
      leadsDue(state, told.get(`${t.userId}\u0000${keyOf(t)}`) ?? []).map((lead) => ({
        target: t,
        userId: t.userId,
        key: keyOf(t),
        lead,
      })),
    );
    await pace();
    if (plans.length === 0) continue;
    const claimed = await repo.claimAlerts(db, plans, services.now().toISOString());
    const mine = plans.filter((p) => claimed.has(`${p.userId}\u0000${p.key}\u0000${p.lead}`));
    if (mine.length === 0) continue;
    const rules = await rulesOfLeagues(
      db,
      [...new Set(mine.map((p) => p.target.leagueId))],
      fixture.season,
    );
    const devices = await subscriptionsOf(db, [...new Set(mine.map((p) => p.userId))]);
    const deliveries = mine.flatMap((p) => {
      const league = rules.get(p.target.leagueId);
      const scoring = league ? scoringRulesOf(league) : null;
      const minutePoints = scoring
        ? scoring.minutePoints * (p.target.joker ? scoring.jokerMultiplier : 1)
        : 0;
      const message = goalAlertMessage(fixture, p.lead, p.target, minutePoints);
      return devices.filter((d) => d.user_id === p.userId).map((device) => ({ device, message }));
    });
    const queue = [...deliveries];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          const outcome = await deliverPush(keys, next.device, next.message, { ttlSeconds: 3600 });
          if (outcome === 'gone') await forgetEndpoint(db, next.device.endpoint);
          else if (outcome === 'sent')
            await markSent(db, next.device.endpoint, services.now().toISOString());
          result[outcome] += 1;
        } catch (err) {
          result.failed += 1;
          services.logger.warn({ err, fixtureId }, 'a goal alert could not be made');
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
    await pace(true);
  }
  if (result.sent + result.gone + result.failed > 0)
    services.logger.info({ fixtureId, ...result }, 'goal alerts');
  return result;
};
