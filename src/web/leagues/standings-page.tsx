import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ArrowLeft, Share2, Target, TrendingUp, Trophy, Users } from 'lucide-react';
import { useFormat } from '../lib/format';
import { Button, buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Select } from '../ui/select';
import { PageContainer, PageHeader } from '../ui/page';
import { LoadingBlock } from '../ui/skeleton';
import { EmptyState, ErrorState } from '../ui/state';
import { standingsQueryOptions } from './api';
import { LeagueNotFound, isNotFound } from './league-not-found';
import { copyText, standingsLinkFor } from './share';
import { RoundTables } from './round-tables';
import { StandingsTable } from './standings-table';
import { useLeagueError } from './use-league-error';
import { useLiveLeague } from '../lib/use-live-league';

/** /league/:leagueId/standings (spec §2.10). */
export const StandingsPage = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const leagueError = useLeagueError();
  const { leagueId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('season') ?? undefined;
  const standings = useQuery(standingsQueryOptions(leagueId, asked));
  useLiveLeague(leagueId);

  if (standings.isPending) {
    return (
      <PageContainer>
        <LoadingBlock label={t('common.loading')} rows={4} />
      </PageContainer>
    );
  }
  if (standings.isError) {
    if (isNotFound(standings.error)) return <LeagueNotFound />;
    return (
      <PageContainer>
        <ErrorState
          title={t('leagues.standings.loadError')}
          message={leagueError(standings.error)}
          retryLabel={t('common.retry')}
          onRetry={() => void standings.refetch()}
        />
      </PageContainer>
    );
  }
  const { league, rows, summary, rounds, season, seasons, currentSeason } = standings.data;
  const chooseSeason = (next: string) => {
    const query = new URLSearchParams(params);
    // The current season needs no parameter: the link stays the one to share.
    if (next === currentSeason) query.delete('season');
    else query.set('season', next);
    setParams(query, { replace: true });
  };
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
              <span className="text-2xl font-extrabold tabular-nums text-fg sm:text-3xl">
                {format.number(value)}
              </span>
              <span className="text-xs font-medium text-fg-muted sm:text-sm">
                {t(`leagues.standings.${key}`)}
              </span>
            </Card>
          </li>
        ))}
      </ul>
      {rows.length === 0 ? (
        <EmptyState title={t('leagues.standings.empty')}>
          <p className="text-fg-muted">{t('leagues.standings.emptyText')}</p>
          <Link to={`/league/${league.id}`} className={buttonClasses('primary')}>
            {t('leagues.standings.inviteFriends')}
          </Link>
        </EmptyState>
      ) : (
        <Card className="p-3 sm:p-4">
          <StandingsTable rows={rows} detailed testId="standings-table" />
        </Card>
      )}
      {rows.length > 0 ? <RoundTables rounds={rounds} /> : null}
    </PageContainer>
  );
};
