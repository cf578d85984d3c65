import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { ArrowLeft, Plus, Target, UserCog, Users } from 'lucide-react';
import { useActiveTeam } from '../../lib/active-team';
import type { MyLeagueItem } from '../../lib/queries';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer, PageHeader } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { EmptyState } from '../../ui/state';
import { myPredictionsQueryOptions, useCreateTeam } from '../shared/api';
import { PredictionsTable, competitionBreakdown } from './predictions-table';
import { CalendarCard } from './calendar-card';
import { PushCard } from './push-card';
import { RemindersCard } from './reminders-card';
import { TeamNameDialog } from '../join/team-name-dialog';
import { TeamStatsSummary } from '../statistics/team-statistics';
import { useLeagueError } from '../shared/use-league-error';
import { CreateJoinButtons } from '../../ui/create-join-buttons';

/** /team — My Teams and Leagues (spec §2.7); guests see how to get reminders instead of the switch. */
export const TeamPage = ({ isGuest }: { isGuest: boolean }) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const active = useActiveTeam();
  const predictions = useQuery(myPredictionsQueryOptions);

  return (
    <PageContainer>
      <Link
        to="/competitions"
        className="mb-4 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('team.backToCompetitions')}
      </Link>
      <PageHeader
        title={t('team.title')}
        subtitle={t('team.subtitle')}
        actions={
          <Link
            to="/account"
            className={buttonClasses('secondary')}
            data-testid="team-account-link"
          >
            <UserCog aria-hidden="true" className="size-4" />
            {t('team.account')}
          </Link>
        }
      />
      <section aria-labelledby="team-leagues" className="flex flex-col gap-3">
        <h2 id="team-leagues" className="text-xl font-bold text-fg">
          {t('team.leagues')}
        </h2>
        {active.isPending || active.isError ? (
          <QueryView
            query={active}
            errorTitle={t('leagues.home.loadError')}
            errorMessage={leagueError}
            rows={2}
          />
        ) : active.leagues.length === 0 ? (
          <EmptyState title={t('team.noLeagues')}>
            <div className="flex flex-col gap-2 sm:flex-row">
              <CreateJoinButtons testIdPrefix="team" look="first" />
            </div>
          </EmptyState>
        ) : (
          <>
            <div className="flex flex-col gap-2 sm:flex-row" data-testid="team-more-leagues">
              <CreateJoinButtons testIdPrefix="team" />
            </div>
            <ul className="grid gap-3 md:grid-cols-2" data-testid="team-league-cards">
              {active.leagues.map((league) => (
                <LeagueCard key={league.id} league={league} />
              ))}
            </ul>
          </>
        )}
      </section>
      <RemindersCard isGuest={isGuest} />
      <section aria-labelledby="team-push" className="mt-4">
        <PushCard />
      </section>
      <section aria-labelledby="team-calendar" className="mt-4">
        <CalendarCard />
      </section>
      <section aria-labelledby="team-predictions" className="mt-8 flex flex-col gap-3">
        <h2 id="team-predictions" className="text-xl font-bold text-fg">
          {t('team.predictions')}
        </h2>
        {predictions.isPending || predictions.isError ? (
          <QueryView
            query={predictions}
            errorTitle={t('team.predictionsError')}
            errorMessage={leagueError}
          />
        ) : predictions.data.length === 0 ? (
          <EmptyState title={t('team.noPredictions')}>
            <Link to="/competitions" className={buttonClasses('primary')}>
              {t('leagues.makePredictions')}
            </Link>
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="team-breakdown">
              {competitionBreakdown(predictions.data).map((row) => (
                <li key={row.competitionId}>
                  <Card className="flex flex-col gap-1 p-4">
                    <span className="font-semibold text-fg">{row.competitionName}</span>
                    <span className="text-sm text-fg-muted">
                      {t('team.breakdown', {
                        predictions: t('team.predictionCount', { count: row.predictions }),
                        points: t('team.pointCount', { count: row.points }),
                      })}
                    </span>
                  </Card>
                </li>
              ))}
            </ul>
            <Card className="p-3 sm:p-4">
              <PredictionsTable rows={predictions.data} />
            </Card>
          </>
        )}
      </section>
    </PageContainer>
  );
};

const LeagueCard = ({ league }: { league: MyLeagueItem }) => {
  const { t } = useTranslation();
  const createTeam = useCreateTeam(league.id);
  const [open, setOpen] = useState(false);
  return (
    <li>
      <Card className="flex h-full flex-col gap-3" data-testid="team-league-card">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex flex-col gap-1">
            <h3 className="text-lg font-bold text-fg">{league.name}</h3>
            <Badge tone="success" className="w-fit">
              {league.competitionName}
            </Badge>
          </div>
          {league.inviteCode ? (
            <span className="text-sm text-fg-muted">
              {t('leagues.share.code')}:{' '}
              <span className="font-mono font-bold tracking-widest text-fg">
                {league.inviteCode}
              </span>
            </span>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <span className="flex items-center gap-1.5 text-sm font-medium text-fg">
            <Users aria-hidden="true" className="size-4 text-brand-text" />
            {t('team.yourTeams')}
          </span>
          <ul className="flex flex-wrap gap-1.5">
            {league.teams.map((team) => (
              <li key={team.id}>
                <Badge>{team.name}</Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-fg">{t('leagueStats.title')}</span>
          {league.teams.map((team) => (
            <TeamStatsSummary key={team.id} leagueId={league.id} team={team} />
          ))}
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          <Link to={league.competitionRoute} className={buttonClasses('primary')}>
            <Target aria-hidden="true" className="size-4" />
            {t('leagues.makePredictions')}
          </Link>
          <Link to={`/league/${league.id}`} className={buttonClasses('secondary')}>
            {t('team.leaguePage')}
          </Link>
          <Button variant="ghost" onClick={() => setOpen(true)} data-testid="team-create-team">
            <Plus aria-hidden="true" className="size-4" />
            {t('team.createTeam')}
          </Button>
        </div>
      </Card>
      <TeamNameDialog
        open={open}
        onOpenChange={setOpen}
        title={t('team.createTeamTitle', { league: league.name })}
        submitLabel={t('team.createTeamSubmit')}
        testId="create-team-dialog"
        onSubmit={async (teamName) => {
          const result = await createTeam.mutateAsync(teamName);
          toast.success(t('team.teamCreated', { team: result.team.name }));
        }}
      />
    </li>
  );
};
