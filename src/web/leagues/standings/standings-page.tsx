import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import {
  ArrowLeft,
  BookOpen,
  ChevronRight,
  Share2,
  Target,
  TrendingUp,
  Trophy,
  Users,
} from 'lucide-react';
import { useFormat } from '../../lib/format';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { Select } from '../../ui/select';
import { PageContainer, PageHeader } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { EmptyState } from '../../ui/state';
import { standingsQueryOptions } from '../shared/api';
import { storiesQueryOptions } from '../feed/feed-api';
import { LeagueNotFound, isNotFound } from '../shared/league-not-found';
import { copyText, standingsLinkFor } from '../shared/share';
import { RoundTables } from './round-tables';
import { StandingsPager } from './standings-pager';
import { StandingsTable } from './standings-table';
import { LiveTableSwitch } from '../live/live-table';
import { StatisticsSection } from '../statistics/statistics-section';
import { cn } from '../../ui/cn';
import { useLeagueError } from '../shared/use-league-error';
import { useLiveLeague } from '../../lib/use-live-league';
import { translateRound } from '../../lib/round-names';

/** /league/:leagueId/standings (spec §2.10). */
export const StandingsPage = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const leagueError = useLeagueError();
  const queryClient = useQueryClient();
  const { leagueId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('season') ?? undefined;
  const round = params.get('round') ?? undefined;
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const query = { season: asked, page, round };
  // Paging keeps the current page on screen until the next arrives.
  const standings = useQuery({
    ...standingsQueryOptions(leagueId, query),
    placeholderData: keepPreviousData,
  });
  useLiveLeague(leagueId);

  if (standings.isError && isNotFound(standings.error)) return <LeagueNotFound />;
  if (standings.isPending || standings.isError) {
    return (
      <PageContainer>
        <QueryView
          query={standings}
          errorTitle={t('leagues.standings.loadError')}
          errorMessage={leagueError}
          rows={4}
        />
      </PageContainer>
    );
  }
  const { league, rows, summary, rounds, season, seasons, currentSeason } = standings.data;
  const busy = standings.isPlaceholderData;
  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change))
      if (value === null) next.delete(key);
      else next.set(key, value);
    setParams(next, { replace: true });
  };
  // The current season needs no parameter: the link stays the one to share.
  const chooseSeason = (next: string) =>
    update({ season: next === currentSeason ? null : next, page: null, round: null });
  const choosePage = (next: number) => update({ page: next === 1 ? null : String(next) });
  const chooseRound = (next: string) => update({ round: next });
  const showMine = async () => {
    const mine = await queryClient.fetchQuery(
      standingsQueryOptions(leagueId, { season: asked, around: 'me', round }),
    );
    choosePage(mine.page.number);
  };
  const mineElsewhere = standings.data.top.some((r) => r.mine) && !rows.some((r) => r.mine);
  const share = async () => {
    if (await copyText(standingsLinkFor(league.id))) toast.success(t('leagues.standings.copied'));
    else toast.error(t('leagues.share.copyFailed'));
  };
  const cards = [
    { key: 'totalTeams', icon: Users, value: summary.totalTeams },
    { key: 'highestScore', icon: Trophy, value: summary.highestScore },
    { key: 'averageScore', icon: TrendingUp, value: summary.averageScore },
  ] as const;

  return (
    <PageContainer>
      <Link
        to={`/league/${league.id}`}
        className="mb-4 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text hover:underline"
        data-testid="standings-back"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('leagues.standings.backToLeague')}
      </Link>
      <PageHeader
        title={t('leagues.standings.pageTitle', { league: league.name })}
        subtitle={
          season
            ? t('leagues.standings.subtitle', { competition: league.competitionName, season })
            : league.competitionName
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => void share()} data-testid="standings-share">
              <Share2 aria-hidden="true" className="size-4" />
              {t('leagues.standings.share')}
            </Button>
            <Link
              to={league.competitionRoute}
              className={buttonClasses('primary')}
              data-testid="standings-predict"
            >
              <Target aria-hidden="true" className="size-4" />
              {t('leagues.makePredictions')}
            </Link>
          </>
        }
      />
      {seasons.length > 1 && season !== null ? (
        <label className="mb-4 flex flex-wrap items-center gap-3 text-sm font-semibold text-fg">
          {t('leagues.standings.season')}
          <Select
            value={season}
            onChange={(event) => chooseSeason(event.target.value)}
            data-testid="standings-season"
            className="min-w-36"
          >
            {seasons.map((s) => (
              <option key={s} value={s}>
                {s === currentSeason ? t('leagues.standings.currentSeason', { season: s }) : s}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
      <ul className="mb-6 grid grid-cols-3 gap-2 sm:gap-4" data-testid="standings-summary">
        {cards.map(({ key, icon: Icon, value }) => (
          <li key={key}>
            <Card className="flex h-full flex-col gap-1 p-3 sm:p-5">
              <Icon aria-hidden="true" className="size-5 text-brand-text" />
              <span className="text-xl font-extrabold tabular-nums text-fg sm:text-3xl">
                {format.number(value)}
              </span>
              <span className="text-xs font-medium text-fg-muted sm:text-sm">
                {t(`leagues.standings.${key}`)}
              </span>
            </Card>
          </li>
        ))}
      </ul>
      {league.inviteCode !== null && season === currentSeason ? (
        <LastStoryLink leagueId={league.id} />
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title={t('leagues.standings.empty')}>
          <p className="text-fg-muted">{t('leagues.standings.emptyText')}</p>
          <Link to={`/league/${league.id}`} className={buttonClasses('primary')}>
            {t('leagues.standings.inviteFriends')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <StandingsPager
            page={standings.data.page}
            onPage={choosePage}
            onMine={mineElsewhere ? () => void showMine() : undefined}
            busy={busy}
          />
          <Card
            className={cn('p-3 transition-opacity sm:p-4', busy && 'opacity-60')}
            aria-busy={busy}
          >
            <LiveTableSwitch
              leagueId={league.id}
              enabled={season === currentSeason}
              page={standings.data.page.number}
              testId="standings-live"
              confirmed={
                <StandingsTable
                  rows={rows}
                  detailed
                  bonus={standings.data.bonus}
                  testId="standings-table"
                />
              }
            />
          </Card>
          {standings.data.page.pages > 1 ? (
            <StandingsPager page={standings.data.page} onPage={choosePage} busy={busy} />
          ) : null}
          <p className="text-sm text-fg-muted" data-testid="standings-tie-break">
            {t('leagues.rules.tieBreak')}
          </p>
        </>
      )}
      {rows.length > 0 ? (
        <RoundTables
          rounds={rounds}
          selected={standings.data.round}
          onSelect={chooseRound}
          busy={busy}
        />
      ) : null}
      <StatisticsSection leagueId={league.id} season={season} rows={standings.data.statistics} />
    </PageContainer>
  );
};

/** Members: the latest matchday story of the league (issue 33), on its page. */
const LastStoryLink = ({ leagueId }: { leagueId: string }) => {
  const { t } = useTranslation();
  const stories = useQuery(storiesQueryOptions(leagueId));
  const last = stories.data?.stories[0];
  if (!last) return null;
  return (
    <Link
      to={`/league/${leagueId}?story=${encodeURIComponent(last.round)}#story`}
      className="mb-6 flex min-h-11 items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 font-semibold text-fg hover:bg-surface-muted"
      data-testid="standings-story"
    >
      <BookOpen aria-hidden="true" className="size-5 shrink-0 text-brand-text" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {t('leagues.story.standingsLink', { round: translateRound(t, last.round) })}
      </span>
      <ChevronRight aria-hidden="true" className="ml-auto size-5 shrink-0 text-fg-muted" />
    </Link>
  );
};
