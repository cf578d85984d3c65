import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LayoutDashboard, ListOrdered, Share2, Shield, Users } from 'lucide-react';
import { useActiveTeam } from '../../lib/active-team';
import type { MyLeagueItem } from '../../lib/queries';
import { CreateJoinButtons } from '../../ui/create-join-buttons';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { QueryView } from '../../ui/query-view';
import { leagueQueryOptions, standingsQueryOptions, type Standings } from '../shared/api';
import { SharePanel } from '../shared/share-panel';
import { StandingsTable } from '../standings/standings-table';
import { LiveTableSwitch } from '../live/live-table';
import { StatisticsTable } from '../statistics/statistics-table';
import { PlayerHub } from './hub';
import { useLeagueError } from '../shared/use-league-error';
import { viewerName, type Viewer } from '../shared/viewer';
import { useLiveLeague } from '../../lib/use-live-league';

/** Home for a signed-in player (spec §2.3, docs/design.md §4): active team, switchers, actions, stats. */
export const LeagueHome = ({ viewer }: { viewer: Viewer }) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const active = useActiveTeam();
  useLiveLeague(active.league?.id);

  if (active.isPending || active.isError)
    return (
      <QueryView
        query={active}
        errorTitle={t('leagues.home.loadError')}
        errorMessage={leagueError}
        rows={2}
      />
    );
  const { league, team, leagues } = active;
  if (!league) {
    return (
      <Card className="flex flex-col gap-4" data-testid="home-no-league">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-bold text-fg">
            {t('leagues.home.welcome', {
              name: viewer.isAnonymous ? t('account.guest') : viewerName(viewer),
            })}
          </h2>
          <p className="text-fg-muted">{t('leagues.home.noLeague')}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <CreateJoinButtons testIdPrefix="home" look="first" size="lg" />
        </div>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <PlayerHub />
      <WelcomePanel viewer={viewer} leagues={leagues} league={league} teamId={team?.id ?? null} />
      <LeagueTop league={league} />
      <LeagueStatistics leagueId={league.id} />
    </div>
  );
};

/** The active league's top 10 (and the player's teams when lower), on the page itself. */
const LeagueTop = ({ league }: { league: MyLeagueItem }) => {
  const { t } = useTranslation();
  return (
    <StandingsSection
      leagueId={league.id}
      id="top-title"
      testId="home-top"
      title={t('leagues.home.tableTitle', { league: league.name })}
      subtitle={t('leagues.home.tableText')}
      action={
        <Link to={`/league/${league.id}/standings`} className={buttonClasses('secondary')}>
          {t('leagues.home.fullStandings')}
        </Link>
      }
    >
      {(standings) => (
        <LiveTableSwitch
          leagueId={league.id}
          compact
          testId="home-live-table"
          confirmed={<StandingsTable rows={standings.top} testId="home-top-table" />}
        />
      )}
    </StandingsSection>
  );
};

const WelcomePanel = ({
  viewer,
  leagues,
  league,
  teamId,
}: {
  viewer: Viewer;
  leagues: MyLeagueItem[];
  league: MyLeagueItem;
  teamId: string | null;
}) => {
  const { t } = useTranslation();
  const { setActive } = useActiveTeam({ enabled: false });
  const detail = useQuery(leagueQueryOptions(league.id));
  const [sharing, setSharing] = useState(false);
  const team = league.teams.find((t) => t.id === teamId) ?? league.teams[0];
  const mine = new Set(league.teams.map((t) => t.id));
  const others = (detail.data?.members ?? []).filter((m) => !mine.has(m.teamId));
  const name = viewer.isAnonymous ? t('account.guest') : viewerName(viewer);

  return (
    <Card className="flex flex-col gap-5" data-testid="home-welcome">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-bold text-fg">{t('leagues.home.welcome', { name })}</h2>
        <p className="text-fg-muted" data-testid="home-active">
          {t('leagues.home.playingAs', { team: team?.name ?? '', league: league.name })}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Badge tone="success">{league.competitionName}</Badge>
          {league.isAdmin ? (
            <Badge tone="info">
              <Shield aria-hidden="true" className="size-3" />
              {t('leagues.page.youAreAdmin')}
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {leagues.length > 1 ? (
          <label className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-fg">{t('leagues.home.switchLeague')}</span>
            <Select
              value={league.id}
              onChange={(e) => setActive(e.target.value)}
              className="w-full"
              data-testid="home-league-switcher"
            >
              {leagues.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} · {l.competitionName}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
        {league.teams.length > 1 ? (
          <label className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-fg">{t('leagues.home.switchTeam')}</span>
            <Select
              value={team?.id ?? ''}
              onChange={(e) => setActive(league.id, e.target.value)}
              className="w-full"
              data-testid="home-team-switcher"
            >
              {league.teams.map((tm) => (
                <option key={tm.id} value={tm.id}>
                  {tm.name}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-fg">
          <Users aria-hidden="true" className="size-4 text-brand-text" />
          {t('leagues.home.otherTeams')}
        </h3>
        {detail.isPending ? (
          <Skeleton className="h-8" />
        ) : others.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('leagues.home.noOtherTeams')}</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" data-testid="home-other-teams">
            {others.map((m) => (
              <li key={m.teamId}>
                <Badge>{m.teamName}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Link to="/dashboard" className={buttonClasses('primary')} data-testid="home-go-dashboard">
          <LayoutDashboard aria-hidden="true" className="size-4" />
          {t('leagues.home.goToDashboard')}
        </Link>
        <Button
          variant="secondary"
          // The top 10 is on this page (LeagueTop): the button takes the player to it.
          onClick={() =>
            document.getElementById('top-title')?.scrollIntoView({ behavior: 'smooth' })
          }
          data-testid="home-league-table"
        >
          <ListOrdered aria-hidden="true" className="size-4" />
          {t('leagues.home.leagueTable')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setSharing(true)}
          data-testid="home-share-league"
        >
          <Share2 aria-hidden="true" className="size-4" />
          {t('leagues.home.shareLeague')}
        </Button>
        <CreateJoinButtons testIdPrefix="home" />
      </div>
      <Dialog
        open={sharing}
        onOpenChange={setSharing}
        title={t('leagues.home.shareTitle', { league: league.name })}
        description={t('leagues.home.shareText')}
        closeLabel={t('common.close')}
        testId="share-league-dialog"
      >
        <SharePanel league={league} testIdPrefix="share-dialog" />
      </Dialog>
    </Card>
  );
};

const LeagueStatistics = ({ leagueId }: { leagueId: string }) => {
  const { t } = useTranslation();
  return (
    <StandingsSection
      leagueId={leagueId}
      id="stats-title"
      testId="home-statistics"
      title={t('leagues.statistics.title')}
      subtitle={t('leagues.statistics.subtitle')}
    >
      {(standings) => <StatisticsTable rows={standings.statistics} />}
    </StandingsSection>
  );
};

/** A section of home read from the active league's standings (one shared query). */
const StandingsSection = ({
  leagueId,
  id,
  testId,
  title,
  subtitle,
  action,
  children,
}: {
  leagueId: string;
  id: string;
  testId: string;
  title: string;
  subtitle: string;
  action?: ReactNode;
  children: (standings: Standings) => ReactNode;
}) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const standings = useQuery(standingsQueryOptions(leagueId));
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={testId}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="scroll-mt-24 text-2xl font-extrabold tracking-tight text-fg">
            {title}
          </h2>
          <p className="text-fg-muted">{subtitle}</p>
        </div>
        {action}
      </div>
      {standings.isPending || standings.isError ? (
        <QueryView
          query={standings}
          errorTitle={t('leagues.standings.loadError')}
          errorMessage={leagueError}
          rows={2}
        />
      ) : (
        <Card className="p-3 sm:p-4">{children(standings.data)}</Card>
      )}
    </section>
  );
};
