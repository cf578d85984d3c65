import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MatchRows } from '../../ui/match-rows';
import {
  ArrowDown,
  ArrowUp,
  CalendarClock,
  CheckCircle2,
  CircleHelp,
  Minus,
  Sparkles,
  Trophy,
} from 'lucide-react';
import { useActiveTeam } from '../../lib/active-team';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { QueryView } from '../../ui/query-view';
import { hubQueryOptions, type Hub, type HubResultItem, type HubTeamItem } from '../shared/api';
import { useLeagueError } from '../shared/use-league-error';
import type { FillMissingState } from '../../lib/navigation-state';
import { translateRound } from '../../lib/round-names';

/** Milliseconds the server's clock is ahead of this browser's when the hub was read. */
const useServerNow = (hub: Hub | undefined, fetchedAt: number) => {
  const offset = hub ? new Date(hub.now).getTime() - fetchedAt : 0;
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    // The countdown shows minutes: a tick every 15 seconds keeps it within one.
    const timer = setInterval(() => setNow(Date.now() + offset), 15_000);
    return () => clearInterval(timer);
  }, [offset]);
  return now;
};

const useCountdown = () => {
  const { t } = useTranslation();
  return (deadline: string, now: number) => {
    const minutesLeft = Math.floor((new Date(deadline).getTime() - now) / 60_000);
    if (minutesLeft <= 0) return t('leagues.hub.lockingNow');
    const days = Math.floor(minutesLeft / 1440);
    const hours = Math.floor((minutesLeft % 1440) / 60);
    const minutes = minutesLeft % 60;
    const time =
      days > 0
        ? t('leagues.hub.days', { days, hours })
        : hours > 0
          ? t('leagues.hub.hours', { hours, minutes })
          : t('leagues.hub.minutes', { minutes });
    return t('leagues.hub.locksIn', { time });
  };
};

/** The team whose round locks first, preferring one that still has picks to make. */
const mostUrgent = (teams: HubTeamItem[]) =>
  teams
    .filter((team) => team.nextRound !== null)
    .sort(
      (a, b) =>
        (a.nextRound?.deadline ?? '').localeCompare(b.nextRound?.deadline ?? '') ||
        (b.nextRound?.missing ?? 0) - (a.nextRound?.missing ?? 0),
    )[0];

/**
 * The signed-in home's hub (issue 13): the next deadline with a countdown and the picks still
 * missing, each team's rank with its movement since the last round, and the latest results with
 * the points they earned. One tap on a team's missing picks opens its board.
 */
export const PlayerHub = ({ showResults = true }: { showResults?: boolean }) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const hub = useQuery(hubQueryOptions);
  const now = useServerNow(hub.data, hub.dataUpdatedAt);
  const { setActive } = useActiveTeam({ enabled: false });
  const navigate = useNavigate();

  if (hub.isPending || hub.isError)
    return (
      <QueryView
        query={hub}
        errorTitle={t('leagues.hub.loadError')}
        errorMessage={leagueError}
        rows={2}
      />
    );
  const { teams, results } = hub.data;
  if (teams.length === 0) return null;
  /** Makes the team active and opens its competition's board. */
  // To the round's fixtures, the first without a pick in view and focused.
  const fill = (team: HubTeamItem) => {
    setActive(team.leagueId, team.teamId);
    const round = team.nextRound ? `?round=${encodeURIComponent(team.nextRound.round)}` : '';
    const state: FillMissingState = { fillMissing: true };
    void navigate(`${team.competitionRoute}${round}`, { state });
  };

  return (
    <section aria-labelledby="hub-title" className="flex flex-col gap-4" data-testid="hub">
      <h2 id="hub-title" className="sr-only">
        {t('leagues.hub.title')}
      </h2>
      <NextDeadline teams={teams} now={now} onFill={fill} />
      {showResults ? (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <MyTeams teams={teams} onFill={fill} />
          <LatestResults results={results} />
        </div>
      ) : (
        <MyTeams teams={teams} onFill={fill} />
      )}
    </section>
  );
};

const NextDeadline = ({
  teams,
  now,
  onFill,
}: {
  teams: HubTeamItem[];
  now: number;
  onFill: (team: HubTeamItem) => void;
}) => {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const urgent = mostUrgent(teams);
  const next = urgent?.nextRound;
  if (!urgent || !next)
    return (
      <Card className="flex items-center gap-3" data-testid="hub-deadline">
        <CalendarClock aria-hidden="true" className="size-6 shrink-0 text-fg-muted" />
        <p className="text-fg-muted">{t('leagues.hub.noDeadline')}</p>
      </Card>
    );
  // Every team playing the same round locks at the same kick-off: their missing picks add up.
  const sameRound = teams.filter(
    (team) => team.competitionId === urgent.competitionId && team.nextRound?.round === next.round,
  );
  const missing = sameRound.reduce((sum, team) => sum + (team.nextRound?.missing ?? 0), 0);
  const toFill = sameRound.find((team) => (team.nextRound?.missing ?? 0) > 0) ?? urgent;
  const soon = new Date(next.deadline).getTime() - now < 24 * 3_600_000;
  return (
    <div
      className="on-dark flex flex-col gap-4 rounded-2xl bg-navy p-5 text-white shadow-md ring-1 ring-white/10 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      data-testid="hub-deadline"
    >
      <div className="flex items-start gap-3">
        <CalendarClock aria-hidden="true" className="mt-1 size-7 shrink-0 text-[#facc15]" />
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-[#c7d2fe]">
            {t('leagues.hub.nextDeadline')}
          </p>
          <p className="text-lg font-bold">
            {t('leagues.hub.round', {
              competition: urgent.competitionName,
              round: translateRound(t, next.round),
            })}
          </p>
          <p
            className={cn('text-2xl font-extrabold tabular-nums', soon && 'text-[#facc15]')}
            data-testid="hub-countdown"
          >
            <time dateTime={next.deadline}>{countdown(next.deadline, now)}</time>
          </p>
          <p className="text-[#e7f5ec]" data-testid="hub-missing-total">
            {missing > 0 ? t('leagues.hub.missing', { count: missing }) : t('leagues.hub.allIn')}
          </p>
        </div>
      </div>
      <Button variant="inverse" size="lg" onClick={() => onFill(toFill)} data-testid="hub-fill">
        {t('leagues.hub.makePredictions')}
      </Button>
    </div>
  );
};

const Movement = ({ team }: { team: HubTeamItem }) => {
  const { t } = useTranslation();
  if (team.rank === null || team.previousRank === null) return null;
  const moved = team.previousRank - team.rank;
  if (moved === 0)
    return (
      <span className="inline-flex items-center text-fg-muted" title={t('leagues.hub.unchanged')}>
        <Minus aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('leagues.hub.unchanged')}</span>
      </span>
    );
  const up = moved > 0;
  const label = t(up ? 'leagues.hub.movedUp' : 'leagues.hub.movedDown', {
    count: Math.abs(moved),
  });
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 text-sm font-bold tabular-nums',
        up ? 'text-success-strong' : 'text-danger-strong',
      )}
      title={label}
      data-testid="hub-movement"
      data-moved={moved}
    >
      {up ? (
        <ArrowUp aria-hidden="true" className="size-4" />
      ) : (
        <ArrowDown aria-hidden="true" className="size-4" />
      )}
      <span aria-hidden="true">{Math.abs(moved)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
};

const MyTeams = ({
  teams,
  onFill,
}: {
  teams: HubTeamItem[];
  onFill: (team: HubTeamItem) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 className="flex items-center gap-2 text-lg font-bold text-fg">
        <Trophy aria-hidden="true" className="size-5 text-brand-text" />
        {t('leagues.hub.myTeams')}
      </h3>
      <ul className="flex flex-col divide-y divide-line" data-testid="hub-teams">
        {teams.map((team) => {
          const missing = team.nextRound?.missing ?? 0;
          return (
            <li
              key={team.teamId}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
              data-testid="hub-team"
              data-team={team.teamName}
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="break-words font-semibold text-fg">{team.teamName}</span>
                <Link
                  to={`/league/${team.leagueId}/standings`}
                  className="break-words text-sm text-brand-text underline-offset-2 hover:underline"
                  aria-label={t('leagues.hub.standings', { league: team.leagueName })}
                >
                  {team.leagueName}
                </Link>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-bold tabular-nums text-fg" data-testid="hub-rank">
                  {team.rank === null
                    ? t('leagues.hub.noRank')
                    : t('leagues.hub.rankOf', { rank: team.rank, teams: team.teams })}
                </span>
                <Movement team={team} />
                <Badge>{t('leagues.hub.points', { count: team.points })}</Badge>
              </div>
              {team.nextRound ? (
                missing > 0 ? (
                  <Button
                    onClick={() => onFill(team)}
                    data-testid="hub-team-fill"
                    className="w-full sm:w-auto"
                  >
                    {t('leagues.hub.fill', { count: missing })}
                  </Button>
                ) : (
                  <span className="inline-flex items-center gap-1 text-sm font-semibold text-success-strong">
                    <CheckCircle2 aria-hidden="true" className="size-4" />
                    {t('leagues.hub.done')}
                  </span>
                )
              ) : null}
              {team.bonusToAnswer > 0 ? (
                <Link
                  to={`/league/${team.leagueId}`}
                  className="inline-flex min-h-11 w-full items-center gap-1.5 text-sm font-semibold text-brand-text underline-offset-2 hover:underline"
                  data-testid="hub-team-bonus"
                >
                  <CircleHelp aria-hidden="true" className="size-4 shrink-0" />
                  {t('leagues.hub.bonus', { count: team.bonusToAnswer })}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
};

const PickLine = ({
  pick,
  withLeague,
}: {
  pick: HubResultItem['picks'][number];
  /** Another of the player's teams on this match has the same name: the league tells them apart. */
  withLeague: boolean;
}) => {
  const { t } = useTranslation();
  const minute = pick.firstGoalMinute === null ? '' : ` · ${pick.firstGoalMinute}'`;
  return (
    <li className="flex items-center justify-between gap-2 text-sm" data-testid="hub-pick">
      <span className="min-w-0 text-fg-muted">
        {withLeague
          ? t('leagues.hub.teamInLeague', { team: pick.teamName, league: pick.leagueName })
          : pick.teamName}
        : <span className="font-semibold text-fg">{pick.outcome}</span>
        {minute}
        {pick.joker ? (
          <span className="ml-1 inline-flex items-center gap-0.5 text-warn-strong">
            <Sparkles aria-hidden="true" className="size-3.5" />
            {t('leagues.hub.joker')}
          </span>
        ) : null}
      </span>
      {pick.points === null ? (
        <span className="shrink-0 text-fg-muted">{t('leagues.hub.notScored')}</span>
      ) : (
        <Badge tone={pick.points > 0 ? 'success' : 'neutral'} className="shrink-0 tabular-nums">
          {pick.points > 0
            ? t('leagues.hub.earned', { count: pick.points })
            : t('leagues.hub.points', { count: 0 })}
        </Badge>
      )}
    </li>
  );
};

export const LatestResults = ({ results }: { results: HubResultItem[] }) => {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 className="text-lg font-bold text-fg">{t('leagues.hub.latestResults')}</h3>
      {results.length === 0 ? (
        <p className="text-fg-muted">{t('leagues.hub.noResults')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="hub-results">
          {results.map((result) => (
            <li
              key={result.fixtureId}
              className="flex flex-col gap-1.5 py-3"
              data-testid="hub-result"
            >
              <MatchRows
                home={result.homeTeam}
                away={result.awayTeam}
                homeScore={result.homeScore}
                awayScore={result.awayScore}
                label={`${result.homeTeam} ${result.homeScore}–${result.awayScore} ${result.awayTeam}`}
              />
              <p className="text-xs text-fg-muted">
                {result.competitionName} · {translateRound(t, result.round)} ·{' '}
                {result.homeScore + result.awayScore === 0
                  ? t('leagues.hub.noGoals')
                  : result.firstGoalMinute === null
                    ? t('fixtures.result.minuteToBeConfirmed')
                    : t('leagues.hub.firstGoal', { minute: result.firstGoalMinute })}
              </p>
              {result.picks.length === 0 ? (
                <p className="text-sm text-fg-muted">{t('leagues.hub.noPick')}</p>
              ) : (
                <ul className="flex flex-col gap-1">
                  {result.picks.map((pick) => (
                    <PickLine
                      key={pick.teamId}
                      pick={pick}
                      withLeague={
                        result.picks.filter((p) => p.teamName === pick.teamName).length > 1
                      }
                    />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
};
