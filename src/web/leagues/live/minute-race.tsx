import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FixtureChat } from '../feed/fixture-chat';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PartyPopper, Sparkles } from 'lucide-react';
import { ApiError } from '../../lib/api-client';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/skeleton';
import { raceQueryOptions, type Race, type RaceTeam } from './live-api';
import { LiveMarker } from './live-marker';
import { ScoreLine } from './score-line';
import { YouBadge } from '../shared/ranking-table';

/**
 * The minute race of a fixture (issue 29): every team of the league on a 1–90 track at its
 * predicted minute, the clock filling it. As the clock passes a minute without a goal its team
 * drops out; when the first goal comes, the exact hits light up (a short pop, none with reduced
 * motion) and everyone's provisional points show. After full time it stays as the fixture's
 * record. Every lane has a fixed height, so updates never move the page; screen readers hear
 * the goal once, in a polite live region, not every tick of the clock.
 */

/** Where on the track a minute sits (% of its width): 1–90 over 82 %, no goal (0) at the end. */
const trackMinutes = 82;
const noGoalAt = 95;
const positionOf = (minute: number) =>
  minute === 0 ? noGoalAt : (Math.min(Math.max(minute, 1), 90) / 90) * trackMinutes;

const standingStyle: Record<RaceTeam['standing'], string> = {
  in: 'border-primary bg-surface text-brand-text',
  out: 'border-line bg-surface-muted text-fg-muted line-through',
  hit: 'border-success-strong bg-success-strong text-surface',
  waiting: 'border-warn-strong bg-warn-soft text-warn-strong',
};

export const MinuteRace = ({
  leagueId,
  fixtureId,
  lanes,
  titled = true,
}: {
  leagueId: string;
  fixtureId: string;
  /** How many teams get a lane (the rest: a link to the whole race). */
  lanes?: number;
  /** false: the page's own title says what this is. */
  titled?: boolean;
}) => {
  const { t } = useTranslation();
  const race = useQuery(raceQueryOptions(leagueId, fixtureId));
  const announcement = useGoalAnnouncement(race.data);
  if (race.isPending) return <Skeleton className="h-56" />;
  if (race.isError) {
    // Before kick-off, or not a member of the league (the server's two refusals).
    const hidden =
      race.error instanceof ApiError &&
      (race.error.code === 'PREDICTIONS_HIDDEN' || race.error.code === 'MEMBERS_ONLY');
    return (
      <Card className="text-fg-muted" data-testid="minute-race-unavailable">
        {t(hidden ? 'live.race.hidden' : 'live.race.loadError')}
      </Card>
    );
  }
  const data = race.data;
  const shown = lanes === undefined ? data.teams : data.teams.slice(0, lanes);
  const more = data.counts.teams - shown.length;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="minute-race">
      <RaceHeader race={data} titled={titled} />
      <RaceStatus race={data} />
      <div aria-live="polite" className="sr-only" data-testid="minute-race-announcement">
        {announcement}
      </div>
      <Track race={data} teams={shown} />
      {more > 0 ? (
        <Link
          to={`/league/${leagueId}/race/${fixtureId}`}
          className="min-h-11 self-start text-sm font-semibold text-brand-text hover:underline"
        >
          {t('live.race.moreTeams', { count: more })}
        </Link>
      ) : null}
      <FixtureChat leagueId={leagueId} fixtureId={fixtureId} />
    </Card>
  );
};

const RaceHeader = ({ race, titled }: { race: Race; titled: boolean }) => {
  const { t } = useTranslation();
  const f = race.fixture;
  const live = f.status === 'live';
  return (
    <div className="flex flex-col gap-2">
      {titled ? (
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-bold text-fg">
          {t('live.race.title')}
          {live ? <LiveMarker /> : null}
        </h2>
      ) : live ? (
        <LiveMarker className="self-start" />
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 text-base font-semibold text-fg" data-testid="minute-race-score">
          <ScoreLine
            home={f.homeTeam}
            away={f.awayTeam}
            homeScore={f.homeScore ?? 0}
            awayScore={f.awayScore ?? 0}
          />
        </p>
        <span
          className={cn(
            'inline-flex min-w-14 shrink-0 justify-center rounded-md px-2 py-0.5 text-sm font-bold tabular-nums',
            live ? 'bg-danger-soft text-danger-strong' : 'bg-neutral-soft text-neutral-strong',
          )}
          data-testid="minute-race-clock"
        >
          {f.status === 'final' ? t('live.race.fullTime') : (f.clock ?? t('live.marker'))}
        </span>
      </div>
    </div>
  );
};

/** One line, always the same height: who is still in, or what the first goal decided. */
const RaceStatus = ({ race }: { race: Race }) => {
  const { t } = useTranslation();
  const f = race.fixture;
  const goals = (f.homeScore ?? 0) + (f.awayScore ?? 0);
  const minute = f.firstGoalMinute;
  const decided = goals > 0 && minute !== null && minute > 0;
  const hit = decided && race.counts.hits > 0;
  return (
    <p
      className={cn(
        'flex min-h-10 items-center gap-2 rounded-xl px-3 text-sm font-semibold',
        hit ? 'bg-success-soft text-success-strong' : 'bg-surface-muted text-fg',
      )}
      data-testid="minute-race-status"
    >
      {hit ? (
        <PartyPopper aria-hidden="true" className="size-4 shrink-0 motion-safe:animate-bounce" />
      ) : null}
      {decided
        ? hit
          ? t('live.race.goalHits', { minute, count: race.counts.hits })
          : t('live.race.goalNoHit', { minute })
        : goals > 0
          ? t('live.race.goalWaiting')
          : f.status === 'final'
            ? t('live.race.goalless', { count: race.counts.hits })
            : t('live.race.stillIn', { count: race.counts.stillIn, total: race.counts.teams })}
    </p>
  );
};

/**
 * What screen readers hear: the first goal (or that it was taken back) once, when it happens
 * on an open page — never on the first load, never for the clock.
 */
const useGoalAnnouncement = (race: Race | undefined) => {
  const { t } = useTranslation();
  const seen = useRef<string | null>(null);
  const [text, setText] = useState('');
  const minute = race?.fixture.firstGoalMinute ?? null;
  const goals = (race?.fixture.homeScore ?? 0) + (race?.fixture.awayScore ?? 0);
  const key = race ? `${goals > 0 ? 'goal' : 'none'}:${minute ?? ''}` : null;
  const hits = race?.counts.hits ?? 0;
  useEffect(() => {
    if (key === null) return;
    const before = seen.current;
    seen.current = key;
    if (before === null || before === key) return;
    if (goals > 0 && minute !== null && minute > 0)
      setText(t('live.race.announceGoal', { minute, count: hits }));
    else if (goals === 0 && before.startsWith('goal')) setText(t('live.race.announceDisallowed'));
  }, [key, goals, minute, hits, t]);
  return text;
};

/** The track: minute marks, the clock's fill, and a lane per team. */
const Track = ({ race, teams }: { race: Race; teams: RaceTeam[] }) => {
  const { t } = useTranslation();
  const clock = race.fixture.clockMinute;
  const filled = clock === null ? 0 : clock > 90 ? 100 : (Math.min(clock, 90) / 90) * trackMinutes;
  // Phones show the halves' marks; wider screens every quarter of an hour.
  const marks = [
    { minute: 1, all: true },
    { minute: 15, all: false },
    { minute: 30, all: false },
    { minute: 45, all: true },
    { minute: 60, all: false },
    { minute: 75, all: false },
    // On a phone the 90′ mark would run into 0–0's beside it: the track's end says it.
    { minute: 90, all: false },
  ];
  return (
    <div className="flex flex-col gap-1" data-testid="minute-race-track">
      <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <span className="sr-only">{t('live.race.trackLabel')}</span>
        <div aria-hidden="true" className="relative col-start-2 h-5 text-[0.65rem] text-fg-muted">
          {marks.map((m) => (
            <span
              key={m.minute}
              className={cn('absolute -translate-x-1/2 tabular-nums', !m.all && 'hidden sm:inline')}
              style={{ left: `${positionOf(m.minute)}%` }}
            >
              {m.minute}′
            </span>
          ))}
          <span
            className="absolute -translate-x-1/2 whitespace-nowrap"
            style={{ left: `${noGoalAt}%` }}
          >
            0–0
          </span>
        </div>
      </div>
      <ol className="flex flex-col">
        {teams.map((team) => (
          <Lane key={team.teamId} team={team} filled={filled} />
        ))}
      </ol>
    </div>
  );
};

const Lane = ({ team, filled }: { team: RaceTeam; filled: number }) => {
  const { t } = useTranslation();
  const minute = team.firstGoalMinute;
  const hit = team.standing === 'hit';
  const outcome = team.outcome ? t(`live.race.outcome.${team.outcome}`) : null;
  return (
    <li
      className={cn(
        'grid min-h-12 grid-cols-[7.5rem_minmax(0,1fr)] gap-2 border-b border-line last:border-0 sm:grid-cols-[12rem_minmax(0,1fr)]',
        hit && 'bg-success-soft',
      )}
      data-testid="minute-race-lane"
      data-standing={team.standing}
    >
      {/* Whole names, on two lines where needed (issue 54): the lane grows, never cuts them. */}
      <div className="flex min-w-0 flex-col self-center py-1 pl-1">
        <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm font-semibold leading-tight text-fg">
          <span className="min-w-0 break-words" data-testid="minute-race-name">
            {team.teamName}
          </span>
          {team.mine ? <YouBadge label={t('leagues.you')} /> : null}
        </span>
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-fg-muted">
          {team.predicted ? (
            <>
              <span
                className="inline-flex min-w-5 justify-center rounded bg-neutral-soft px-1 font-bold text-neutral-strong"
                title={outcome ?? undefined}
              >
                <span aria-hidden="true">{team.outcome}</span>
                <span className="sr-only">{outcome}</span>
              </span>
              {team.joker ? (
                <span
                  className="inline-flex items-center text-warn-strong"
                  title={t('predictions.joker')}
                >
                  <Sparkles aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">{t('predictions.joker')}</span>
                </span>
              ) : null}
              {team.points !== null ? (
                <span
                  className={cn('font-bold tabular-nums', team.points > 0 && 'text-success-strong')}
                  data-testid="minute-race-points"
                >
                  {t('live.race.points', { count: team.points })}
                </span>
              ) : null}
            </>
          ) : (
            t('live.race.noPick')
          )}
        </span>
      </div>
      <div className="relative min-h-12">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-surface-muted"
        />
        <div
          aria-hidden="true"
          className="absolute left-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-danger/60 motion-safe:transition-[width] motion-safe:duration-700"
          style={{ width: `${filled}%` }}
        />
        <div
          aria-hidden="true"
          className="absolute inset-y-2 border-l border-dashed border-line"
          style={{ left: `${positionOf(45)}%` }}
        />
        {minute !== null ? (
          <span
            className={cn(
              'absolute top-1/2 inline-flex h-7 min-w-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 px-1 text-xs font-bold tabular-nums',
              standingStyle[team.standing],
              hit && 'motion-safe:animate-[goal-pop_0.6s_ease-out_3]',
            )}
            style={{ left: `${positionOf(minute)}%` }}
            data-testid="minute-race-pin"
          >
            {minute === 0 ? '0' : minute}
          </span>
        ) : null}
        <span className="sr-only">
          {minute === null
            ? t('live.race.noPick')
            : t(`live.race.standing.${team.standing}`, {
                minute: minute === 0 ? t('live.race.noGoal') : `${minute}′`,
              })}
        </span>
      </div>
    </li>
  );
};
