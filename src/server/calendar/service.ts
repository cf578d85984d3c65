import { createHash, randomBytes } from 'node:crypto';
import type { Services } from '../context';
import { AppError } from '../errors';
import { resolveSeason } from '../fixtures/seasons';
import { translator } from '../i18n/translate';
import { listUserLeagues } from '../leagues/repository';
import { pickDeadline } from '../../domain/league-rules';
import { buildCalendar, type IcsEvent } from './ics';
import { seasonFixturesWithTeams } from '../fixtures/season-repository';
import { allPicksOfTeams } from '../predictions-store/league-repository';
import * as repo from './repository';

type Deps = Pick<Services, 'database' | 'env' | 'now'>;

/** How long a match is shown for in the calendar (90 minutes, half-time and a little more). */
const matchMinutes = 115;
/** The alarm on a fixture one of the player's teams has not predicted yet. */
const alarmMinutes = 60;

const feedUrl = (env: Services['env'], token: string) =>
  `${env.baseUrl}/api/calendar/feed/${token}.ics`;

export const calendarLink = async ({ database, env }: Deps, user: { id: string }) => {
  const token = await repo.feedToken(database.db, user.id);
  return { url: token ? feedUrl(env, token) : null };
};

/** A new private address for the player's feed; the previous one stops working. */
export const newCalendarLink = async ({ database, env, now }: Deps, user: { id: string }) => {
  const token = randomBytes(24).toString('base64url');
  await repo.saveToken(database.db, user.id, token, now().toISOString());
  return { url: feedUrl(env, token) };
};

export const removeCalendarLink = async ({ database }: Deps, user: { id: string }) => {
  await repo.deleteFeed(database.db, user.id);
  return { url: null };
};

type TeamPick = Awaited<ReturnType<typeof allPicksOfTeams>>[number];

/**
 * When predictions close: at kick-off when every league of the player's says so, else one line
 * per deadline naming its leagues.
 */
const deadlineLines = (
  t: ReturnType<typeof translator>,
  teams: { league: string; lock: number }[],
) => {
  const leaguesByLock = new Map<number, Set<string>>();
  for (const team of teams)
    leaguesByLock.set(team.lock, (leaguesByLock.get(team.lock) ?? new Set()).add(team.league));
  if (leaguesByLock.size === 1 && leaguesByLock.has(0)) return [t('calendar.deadline')];
  return [...leaguesByLock]
    .sort(([a], [b]) => b - a)
    .map(([lock, leagues]) =>
      t(lock === 0 ? 'calendar.deadlineIn' : 'calendar.deadlineBeforeIn', {
        count: lock,
        leagues: [...leagues].join(', '),
      }),
    );
};

/**
 * The player's calendar (ICS): every fixture of the current season of each competition their
 * teams play, with the deadline, each team's pick (and points once scored) and, where a pick is
 * missing, an alarm an hour before. Read by the token alone: calendar apps cannot sign in.
 */
export const calendarFeed = async (services: Deps, token: string) => {
  const { db } = services.database;
  const owner = /^[\w-]{16,64}$/.test(token) ? await repo.feedOwner(db, token) : null;
  if (!owner) throw new AppError('CALENDAR_FEED_INVALID');
  const now = services.now();
  const t = translator(owner.locale);
  const memberships = await listUserLeagues(db, owner.id);
  const picks = new Map<string, TeamPick>();
  const teamIds = memberships.flatMap((m) => m.teams.map((team) => team.id));
  for (const pick of await allPicksOfTeams(db, teamIds)) {
    picks.set(`${pick.team_id}|${pick.fixture_id}`, pick);
  }

  const byCompetition = new Map<
    string,
    {
      name: string;
      route: string;
      /** `lock`: the league closes picks this many minutes before kick-off. */
      teams: { id: string; name: string; league: string; lock: number }[];
    }
  >();
  for (const { league, teams } of memberships) {
    const entry = byCompetition.get(league.competitionId) ?? {
      name: league.competitionName,
      route: league.competitionRoute,
      teams: [],
    };
    entry.teams.push(
      ...teams.map((team) => ({
        id: team.id,
        name: team.name,
        league: league.name,
        lock: league.rules.lockMinutesBefore,
      })),
    );
    byCompetition.set(league.competitionId, entry);
  }

  const host = new URL(services.env.baseUrl).host;
  const events: IcsEvent[] = [];
  for (const [competitionId, competition] of byCompetition) {
    const { season } = await resolveSeason(db, competitionId, undefined, now);
    if (!season) continue;
    const url = `${services.env.baseUrl}${competition.route}`;
    for (const fixture of await seasonFixturesWithTeams(db, competitionId, season)) {
      const openFor = (lock: number) =>
        fixture.status === 'scheduled' &&
        pickDeadline(fixture.kickoff_at, lock).getTime() > now.getTime();
      const open = competition.teams.some((team) => openFor(team.lock));
      const match = `${fixture.home_team} – ${fixture.away_team}`;
      const scored =
        fixture.status === 'final' && fixture.home_score !== null && fixture.away_score !== null;
      const summary = scored
        ? `${fixture.home_team} ${fixture.home_score}–${fixture.away_score} ${fixture.away_team}`
        : fixture.status === 'postponed'
          ? t('calendar.postponed', { match })
          : match;
      // The longest lock of a team still able to predict it (its alarm comes that much earlier).
      let missingLock: number | null = null;
      const teamLines = competition.teams.map((team) => {
        const pick = picks.get(`${team.id}|${fixture.id}`);
        if (!pick && openFor(team.lock)) missingLock = Math.max(missingLock ?? 0, team.lock);
        const parts = pick
          ? [
              pick.outcome,
              ...(pick.first_goal_minute === null
                ? []
                : [t('calendar.firstGoal', { minute: pick.first_goal_minute })]),
              ...(Number(pick.joker) === 1 ? [t('calendar.joker')] : []),
              ...(scored && pick.points !== null
                ? [t('calendar.points', { count: Number(pick.points) })]
                : []),
            ]
          : [t('calendar.noPick')];
        return t('calendar.teamLine', {
          team: team.name,
          league: team.league,
          pick: parts.join(' · '),
        });
      });
      const description = [
        `${competition.name} · ${fixture.round_label}`,
        ...(open ? deadlineLines(t, competition.teams) : []),
        ...(open && Number(fixture.time_confirmed) !== 1 ? [t('calendar.timeNotConfirmed')] : []),
        '',
        ...teamLines,
        '',
        t('calendar.link', { url }),
      ].join('\n');
      events.push({
        uid: `${fixture.id}@${host}`,
        stamp: fixture.updated_at,
        start: fixture.kickoff_at,
        end: new Date(Date.parse(fixture.kickoff_at) + matchMinutes * 60_000).toISOString(),
        summary,
        description,
        url,
        location: fixture.venue,
        status:
          fixture.status === 'cancelled'
            ? 'CANCELLED'
            : fixture.status === 'postponed' || Number(fixture.time_confirmed) !== 1
              ? 'TENTATIVE'
              : 'CONFIRMED',
        ...(missingLock === null
          ? {}
          : {
              alarm: {
                minutesBefore: alarmMinutes + missingLock,
                text: t(missingLock > 0 ? 'calendar.alarmCloses' : 'calendar.alarm', { match }),
              },
            }),
      });
    }
  }
  events.sort((a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid));
  const body = buildCalendar({
    name: t('calendar.name'),
    description: t('calendar.description'),
    events,
  });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
};
