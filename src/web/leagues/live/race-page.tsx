import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useLiveLeague } from '../../lib/use-live-league';
import { Card } from '../../ui/card';
import { PageContainer, PageHeader } from '../../ui/page';
import { leagueQueryOptions, standingsQueryOptions } from '../shared/api';
import { LiveTableSwitch } from './live-table';
import { MinuteRace } from './minute-race';
import { StandingsTable } from '../standings/standings-table';

/** /league/:leagueId/race/:fixtureId: one fixture's minute race, whole, beside the live table. */
export const RacePage = () => {
  const { t } = useTranslation();
  const { leagueId = '', fixtureId = '' } = useParams();
  useLiveLeague(leagueId);
  const detail = useQuery(leagueQueryOptions(leagueId));
  const standings = useQuery(standingsQueryOptions(leagueId));
  return (
    <PageContainer>
      <Link
        to={`/league/${leagueId}`}
        className="mb-4 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text hover:underline"
        data-testid="race-back"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('leagues.standings.backToLeague')}
      </Link>
      <PageHeader title={t('live.race.title')} subtitle={detail.data?.league.name ?? ''} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <MinuteRace leagueId={leagueId} fixtureId={fixtureId} titled={false} />
        <Card className="flex flex-col gap-3 p-4 sm:p-5">
          <h2 className="text-lg font-bold text-fg">{t('leagues.standings.title')}</h2>
          <LiveTableSwitch
            leagueId={leagueId}
            compact
            testId="race-live-table"
            confirmed={<StandingsTable rows={standings.data?.top ?? []} testId="race-table" />}
          />
        </Card>
      </div>
    </PageContainer>
  );
};
