import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { ClipboardList, Share2, Shield, Sparkles, Target, Trophy, UserRound } from 'lucide-react';
import { useActiveTeam } from '../../lib/active-team';
import { SignInRequired } from '../../ui/sign-in-prompt';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { QueryView } from '../../ui/query-view';
import { teamPredictionsQueryOptions } from '../shared/api';
import { PlayerHub } from './hub';
import { useLeagueError } from '../shared/use-league-error';
import { viewerName, type Viewer } from '../shared/viewer';
import { useLiveLeague } from '../../lib/use-live-league';
import { CreateJoinButtons } from '../../ui/create-join-buttons';

/** /dashboard (spec §2.6). */
export const DashboardPage = ({ viewer }: { viewer: Viewer | null }) =>
  viewer ? <Dashboard viewer={viewer} /> : <SignedOut />;

/** Signed out: Login (signing in there stays on /dashboard) and a way home, like /team. */
const SignedOut = () => {
  const { t } = useTranslation();
  return (
    <SignInRequired
      title={t('dashboard.signInRequired')}
      tabTitle={t('dashboard.title')}
      testId="dashboard-signed-out"
      loginTestId="dashboard-login"
      extra={
        <Link to="/" className={buttonClasses('secondary', 'lg')} data-testid="dashboard-go-home">
          {t('dashboard.goHome')}
        </Link>
      }
    />
  );
};

const Dashboard = ({ viewer }: { viewer: Viewer }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leagueError = useLeagueError();
  const active = useActiveTeam();
  useLiveLeague(active.league?.id);
  const jokers = useQuery({
    ...teamPredictionsQueryOptions(active.team?.id ?? ''),
    enabled: Boolean(active.team),
  });

  if (active.isPending || active.isError) {
    return (
      <PageContainer>
        <QueryView
          query={active}
          errorTitle={t('leagues.home.loadError')}
          errorMessage={leagueError}
        />
      </PageContainer>
    );
  }
  const { league, team } = active;
  const name = viewer.isAnonymous ? t('account.guest') : viewerName(viewer);
  const jokersLeft = team ? (jokers.data?.jokersRemaining ?? (jokers.isError ? 0 : null)) : 0;

  return (
    <PageContainer>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="dashboard-summary">
        <Stat
          icon={<UserRound className="size-5" />}
          label={t('dashboard.displayName')}
          testId="dashboard-name"
        >
          {name}
        </Stat>
        <Stat
          icon={<Shield className="size-5" />}
          label={t('dashboard.team')}
          testId="dashboard-team"
        >
          {team?.name ?? t('dashboard.noTeam')}
        </Stat>
        <Stat
          icon={<Trophy className="size-5" />}
          label={t('dashboard.league')}
          testId="dashboard-league"
        >
          {league?.name ?? t('dashboard.noLeague')}
        </Stat>
        <Stat
          icon={<Sparkles className="size-5" />}
          label={t('dashboard.jokers')}
          testId="dashboard-jokers"
        >
          {jokersLeft === null ? <Skeleton className="h-7 w-10" /> : jokersLeft}
        </Stat>
      </ul>
      {league ? (
        <div className="mt-6">
          {/* Each team's points and rank, the next deadline and the picks still missing. */}
          <PlayerHub showResults={false} />
        </div>
      ) : null}
      <Card className="mt-6 flex flex-col gap-4" data-testid="dashboard-actions">
        <h2 className="text-lg font-bold text-fg">{t('dashboard.actions')}</h2>
        {league ? null : (
          <>
            <p className="text-fg-muted">{t('dashboard.noLeagueText')}</p>
            <div className="flex flex-col gap-2 sm:flex-row" data-testid="dashboard-empty">
              <CreateJoinButtons testIdPrefix="dashboard" look="first" />
            </div>
          </>
        )}
        {league ? (
          <div className="flex flex-col gap-2 sm:flex-row" data-testid="dashboard-more-leagues">
            <CreateJoinButtons testIdPrefix="dashboard" />
          </div>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-3">
          <Button
            variant="secondary"
            data-testid="dashboard-share"
            onClick={() =>
              league
                ? void navigate(`/league/${league.id}`)
                : toast.error(t('dashboard.notInLeague'))
            }
          >
            <Share2 aria-hidden="true" className="size-4" />
            {t('dashboard.shareLeague')}
          </Button>
          <Link
            to="/team"
            className={buttonClasses('secondary')}
            data-testid="dashboard-view-predictions"
          >
            <ClipboardList aria-hidden="true" className="size-4" />
            {t('dashboard.viewPredictions')}
          </Link>
          <Link
            to={league ? league.competitionRoute : '/competitions'}
            className={buttonClasses('primary')}
            data-testid="dashboard-make-predictions"
          >
            <Target aria-hidden="true" className="size-4" />
            {t('leagues.makePredictions')}
          </Link>
        </div>
      </Card>
    </PageContainer>
  );
};

const Stat = ({
  icon,
  label,
  children,
  testId,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId: string;
}) => (
  <li className="min-w-0">
    <Card className="flex h-full min-w-0 items-start gap-3 p-4 sm:p-5">
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-success-soft text-success-strong"
      >
        {icon}
      </span>
      <div className="flex min-w-0 flex-col">
        <span className="text-sm text-fg-muted">{label}</span>
        <span className="break-words text-lg font-bold text-fg" data-testid={testId}>
          {children}
        </span>
      </div>
    </Card>
  </li>
);
