import { scoringRulesOf } from '../../domain/league-rules';
import type { Services } from '../context';
import { AppError } from '../errors';
import { findFixture, type StoredFixtureRow } from '../fixtures/repository';
import { translator } from '../i18n/translate';
import { pacer } from '../imports/pace';
import { rulesOfLeagues } from '../leagues/rules-repository';
import { scoringPending } from '../standings/standings';
import { alertTargets, type AlertTarget } from '../predictions-store/fixture-repository';
import * as repo from './goal-alerts-repository';
import { vapidKeys } from './keys';
import { forgetEndpoint, markSent, subscriptionsOf } from './repository';
import { deliverPush, type PushMessage } from './send';

type Deps = Pick<Services, 'database' | 'env' | 'now' | 'logger'>;

/**
 * Goal alerts (issue 29): a player with push switched on hears, once per fixture and team,
 * 'Goal 23′ — Leeds 1–0 Coventry' with what their call made of it, a correction when that goal
 * is taken back (only those who were told), and 'Full time' with their points — one message per
 * moment naming all their teams. Each team's news is claimed in push_sends before it goes out,
 * so two instances (each hearing the bus) or a rerun send it once. Players with a device are
 * read 100 at a time and served a few at a time, the event loop getting its turns between.
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

/** A team in a player's message: its call, and the minute points a hit gives it. */
export interface AlertTeam {
  teamName: string;
  leagueId: string;
  firstGoalMinute: number | null;
  joker: boolean;
  /** The pick's points once the fixture is final. */
  points: number | null;
  /** What the exact minute gives this pick (the league's rules, its joker). */
  minutePoints: number;
}

/** Teams a message names one by one; the rest are counted. */
const teamsNamed = 3;

/**
 * One player's message about one moment of a fixture (`goal:23`, `undo:23`, `ft`), a line per
 * team of theirs with a pick on it: one push per player and moment, however many teams they hold
 * (exported for the browser test's worker).
 */
export const goalAlertMessage = (
  f: Pick<StoredFixtureRow, 'id' | 'homeTeam' | 'awayTeam' | 'homeScore' | 'awayScore'>,
  lead: string,
  teams: readonly AlertTeam[],
  locale: string | null,
): PushMessage => {
  const t = translator(locale);
  const lang = t('mail.reminder.dateLocale', { defaultValue: 'en-GB' });
  const match = t('live.score', {
    home: f.homeTeam,
    away: f.awayTeam,
    homeScore: f.homeScore ?? 0,
    awayScore: f.awayScore ?? 0,
  });
  const first = teams[0];
  const base = {
    url: `/league/${first?.leagueId ?? ''}/race/${f.id}`,
    tag: `goal-${f.id}`.slice(0, 120),
    lang,
  };
  const lines = (line: (team: AlertTeam) => string) => {
    const named = teams.slice(0, teamsNamed).map(line);
    const more = teams.length - teamsNamed;
    return [...named, ...(more > 0 ? [t('push.goal.more', { count: more })] : [])].join('\n');
  };
  if (lead === 'ft')
    return {
      ...base,
      title: t('push.goal.fullTimeTitle', { match }),
      body: lines((team) =>
        t('push.goal.fullTime', { team: team.teamName, count: team.points ?? 0 }),
      ),
    };
  if (lead.startsWith('undo:'))
    return {
      ...base,
      title: t('push.goal.undoTitle', { match }),
      body: t('push.goal.undo', {
        team: new Intl.ListFormat(lang, { type: 'conjunction' }).format(
          teams.map((team) => team.teamName),
        ),
      }),
    };
  const minute = Number(lead.split(':')[1]);
  return {
    ...base,
    title: t('push.goal.title', { minute, match }),
    body: lines((team) => {
      const called = team.firstGoalMinute;
      if (called === minute)
        return t(team.joker ? 'push.goal.hitJoker' : 'push.goal.hit', {
          team: team.teamName,
          minute,
          points: team.minutePoints,
        });
      return called === 0 || called === null
        ? t('push.goal.missNoGoal', { team: team.teamName })
        : t('push.goal.miss', { team: team.teamName, called });
    }),
  };
};

export interface GoalAlertRun {
  sent: number;
  gone: number;
  failed: number;
  /** Full time waits for the fixture's points: its scoring run is still going (run again). */
  waiting: boolean;
}

/**
 * Sends what the fixture's teams are due now; safe to run again at any time. Players with a
 * device are read 100 at a time; each gets one message per moment for all their teams.
 */
export const sendGoalAlerts = async (
  services: Deps,
  fixtureId: string,
  options: { batch?: number; concurrency?: number } = {},
): Promise<GoalAlertRun> => {
  const { db } = services.database;
  const result: GoalAlertRun = { sent: 0, gone: 0, failed: 0, waiting: false };
  const fixture = await findFixture(db, fixtureId);
  if (!fixture || (fixture.status !== 'live' && fixture.status !== 'final')) return result;
  // 'Full time' tells the points: not before every league has them.
  if (fixture.status === 'final' && (await scoringPending(db, fixtureId)))
    return { ...result, waiting: true };
  const state = { status: fixture.status, goal: firstGoalOf(fixture) };
  const keys = await vapidKeys(services);
  const production = services.env.NODE_ENV === 'production';
  const pace = pacer(10);
  const keyOf = (t: AlertTarget) => `goal|${fixtureId}|${t.teamId}`;
  let after = '';
  for (;;) {
    const players = await repo.subscribedPlayers(db, after, options.batch ?? 100);
    const last = players.at(-1);
    if (last === undefined) break;
    after = last;
    const targets = await alertTargets(db, fixtureId, players);
    await pace();
    if (targets.length === 0) continue;
    const told = await repo.sentLeads(db, players, fixtureId);
    const plans = targets.flatMap((t) =>
      leadsDue(state, told.get(`${t.userId}\u0000${keyOf(t)}`) ?? []).map((lead) => ({
        target: t,
        userId: t.userId,
        key: keyOf(t),
        lead,
      })),
    );
    if (plans.length === 0) continue;
    const claimed = new Set<string>();
    for (let i = 0; i < plans.length; i += 200) {
      for (const key of await repo.claimAlerts(
        db,
        plans.slice(i, i + 200),
        services.now().toISOString(),
      ))
        claimed.add(key);
      await pace();
    }
    const mine = plans.filter((p) => claimed.has(`${p.userId}\u0000${p.key}\u0000${p.lead}`));
    if (mine.length === 0) continue;
    const rules = await rulesOfLeagues(
      db,
      [...new Set(mine.map((p) => p.target.leagueId))],
      fixture.season,
    );
    // One message per player and moment, a line per team.
    const messages = new Map<
      string,
      { userId: string; locale: string | null; lead: string; teams: AlertTeam[] }
    >();
    for (const p of mine) {
      const league = rules.get(p.target.leagueId);
      const scoring = league ? scoringRulesOf(league) : null;
      const id = `${p.userId}\u0000${p.lead}`;
      const message = messages.get(id) ?? {
        userId: p.userId,
        locale: p.target.locale,
        lead: p.lead,
        teams: [],
      };
      message.teams.push({
        teamName: p.target.teamName,
        leagueId: p.target.leagueId,
        firstGoalMinute: p.target.firstGoalMinute,
        joker: p.target.joker,
        points: p.target.points,
        minutePoints: scoring
          ? scoring.minutePoints * (p.target.joker ? scoring.jokerMultiplier : 1)
          : 0,
      });
      messages.set(id, message);
    }
    const devices = await subscriptionsOf(db, [...new Set(mine.map((p) => p.userId))]);
    const byUser = new Map<string, typeof devices>();
    for (const d of devices) byUser.set(d.user_id, [...(byUser.get(d.user_id) ?? []), d]);
    const queue = [...messages.values()].flatMap((m) =>
      (byUser.get(m.userId) ?? []).map((device) => ({ device, m })),
    );
    const delivered: string[] = [];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          const message = goalAlertMessage(fixture, next.m.lead, next.m.teams, next.m.locale);
          const outcome = await deliverPush(keys, next.device, message, {
            ttlSeconds: 3600,
            production,
          });
          if (outcome === 'gone') await forgetEndpoint(db, next.device.endpoint);
          else if (outcome === 'sent') delivered.push(next.device.endpoint);
          result[outcome] += 1;
        } catch (err) {
          result.failed += 1;
          services.logger.warn({ err, fixtureId }, 'a goal alert could not be made');
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
    // The batch's devices marked in one write, not one each.
    await markSent(db, delivered, services.now().toISOString());
    await pace(true);
  }
  if (result.sent + result.gone + result.failed > 0)
    services.logger.info(
      { fixtureId, sent: result.sent, gone: result.gone, failed: result.failed },
      'goal alerts',
    );
  return result;
};
