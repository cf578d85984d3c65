import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Target, Users } from 'lucide-react';
import { Badge } from '../../ui/badge';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { PageContainer, PageHeader } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { EmptyState } from '../../ui/state';
import { leagueQueryOptions, standingsQueryOptions } from '../shared/api';
import { liveStandingsQueryOptions } from '../live/live-api';
import { LiveTableSwitch } from '../live/live-table';
import { MinuteRace } from '../live/minute-race';
import { StandingsTable } from '../standings/standings-table';
import { BonusQuestions } from '../bonus/bonus-questions';
import { LeagueFixtures } from './league-fixtures';
import { LeagueFeed } from '../feed/league-feed';
import { LeagueLog } from '../manage/league-log';
import { LeagueNotFound, isNotFound } from '../shared/league-not-found';
import { LeagueRulesCard } from '../manage/league-rules';
import { LeaveLeague } from '../manage/leave-league';
import { LeagueSettings } from '../manage/league-settings';
import { SharePanel } from '../shared/share-panel';
import { useLeagueError } from '../shared/use-league-error';
import { useLiveLeague } from '../../lib/use-live-league';
import { managerLabel } from '../../lib/manager-name';

/** /league/:leagueId (spec §2.9, docs/design.md §4): share, members, fixtures, and admin settings. */
export const LeaguePage = () => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const { leagueId = '' } = useParams();
  const detail = useQuery(leagueQueryOptions(leagueId));
  useLiveLeague(leagueId);

  if (detail.isError && isNotFound(detail.error)) return <LeagueNotFound />;
  if (detail.isPending || detail.isError) {
    return (
      <PageContainer>
        <QueryView
          query={detail}
          errorTitle={t('leagues.page.loadError')}
          errorMessage={leagueError}
          rows={4}
        />
      </PageContainer>
    );
  }
  const { league, members } = detail.data;
  // Members hear the league's conversation and read its log (the invite code is theirs too).
  const insider = league.inviteCode !== null;
  const sorted = [...members].sort((a, b) =>
    a.teamName.localeCompare(b.teamName, undefined, { sensitivity: 'base' }),
  );

  return (
    <PageContainer>
      <PageHeader
        title={league.name}
        eyebrow={
          <div className="flex flex-wrap gap-2">
            <Badge tone="success">{league.competitionName}</Badge>
            {league.isAdmin ? <Badge tone="info">{t('leagues.page.youAreAdmin')}</Badge> : null}
          </div>
        }
        actions={
          <>
            <Link
              to={league.competitionRoute}
              className={buttonClasses('primary')}
              data-testid="league-predict"
            >
              <Target aria-hidden="true" className="size-4" />
              {t('leagues.makePredictions')}
            </Link>
            <Link
              to={`/league/${league.id}/standings`}
              className={buttonClasses('secondary')}
              data-testid="league-standings-link"
            >
              <BarChart3 aria-hidden="true" className="size-4" />
              {t('leagues.page.viewStandings')}
            </Link>
          </>
        }
      />
      <LiveNow leagueId={league.id} />
      {/* Phones: invite first (what a new league needs most), settings last. Wide: two columns. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="contents lg:col-start-2 lg:row-span-5 lg:row-start-1 lg:flex lg:flex-col lg:gap-6">
          {league.inviteCode ? (
            <Card className="order-1 flex flex-col gap-4 lg:order-none">
              <h2 className="text-lg font-bold text-fg">{t('leagues.page.shareTitle')}</h2>
              <SharePanel league={league} showCode={false} testIdPrefix="league-share" />
            </Card>
          ) : null}
          <div className="order-4 lg:order-none">
            <LeagueRulesCard league={league} editable={league.isAdmin} />
          </div>
          <div className="order-7 lg:order-none">
            <LeaveLeague league={league} />
          </div>
          {league.isAdmin ? (
            <div className="order-6 lg:order-none">
              <LeagueSettings league={league} members={sorted} />
            </div>
          ) : null}
        </div>
        {insider ? (
          <div className="order-2 min-w-0 lg:order-none lg:col-start-1 lg:row-start-1">
            <LeagueFeed leagueId={league.id} leagueName={league.name} />
          </div>
        ) : null}
        <Card className="order-3 flex min-w-0 flex-col gap-4 lg:order-none lg:col-start-1 lg:row-start-2">
          <h2 className="flex items-center gap-2 text-lg font-bold text-fg">
            <Users aria-hidden="true" className="size-5 text-brand-text" />
            {t('leagues.page.members', { count: members.length })}
          </h2>
          {sorted.length === 0 ? (
            <EmptyState title={t('leagues.page.noMembers')} />
          ) : (
            <MembersTable members={sorted} />
          )}
        </Card>
        <div className="order-3 min-w-0 lg:order-none lg:col-start-1 lg:row-start-3">
          <BonusQuestions league={league} />
        </div>
        <div className="order-5 min-w-0 lg:order-none lg:col-start-1 lg:row-start-4">
          <LeagueFixtures leagueId={league.id} />
        </div>
        {insider ? (
          <div className="order-6 min-w-0 lg:order-none lg:col-start-1 lg:row-start-5">
            <LeagueLog leagueId={league.id} />
          </div>
        ) : null}
      </div>
    </PageContainer>
  );
};

const MembersTable = ({
  members,
}: {
  members: { teamId: string; teamName: string; manager: string }[];
}) => {
  const { t } = useTranslation();
  return (
    <div data-testid="league-members">
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <thead>
          <tr className="border-b border-line text-fg-muted">
            <th scope="col" className="w-12 px-3 py-2 font-semibold">
              #
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('leagues.page.teamName')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('leagues.page.manager')}
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m, index) => (
            <tr
              key={m.teamId}
              className="border-b border-line last:border-0"
              data-testid="league-member-row"
            >
              <td className="px-3 py-2.5 tabular-nums text-fg-muted">{index + 1}</td>
              <td className="px-3 py-2.5 font-semibold text-fg">{m.teamName}</td>
              <td className="px-3 py-2.5 text-fg-muted">{managerLabel(t, m.manager)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="flex flex-col gap-2 md:hidden">
        {members.map((m, index) => (
          <li key={m.teamId} className="flex items-center gap-3 rounded-xl border border-line p-3">
            <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-muted text-sm font-semibold tabular-nums text-fg">
              {index + 1}
            </span>
            <div className="flex min-w-0 flex-col">
              <span className="break-words font-semibold text-fg">{m.teamName}</span>
              <span className="break-words text-sm text-fg-muted">
                {t('leagues.page.managedBy', { manager: managerLabel(t, m.manager) })}
              </span>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
};

/** Races shown in full on the league page; the rest of a large league is a tap away. */
const racesLanes = 12;

/**
 * While fixtures of the competition are in play (issue 29): the live table and each match's
 * minute race, first on phones, above the members on wide screens.
 */
const LiveNow = ({ leagueId }: { leagueId: string }) => {
  const { t } = useTranslation();
  const live = useQuery(liveStandingsQueryOptions(leagueId));
  const standings = useQuery(standingsQueryOptions(leagueId));
  const fixtures = live.data?.live?.fixtures ?? [];
  if (fixtures.length === 0) return null;
  return (
    <section
      aria-labelledby="league-live-title"
      className="mb-6 flex min-w-0 flex-col gap-4"
      data-testid="league-live"
    >
      <Card className="flex flex-col gap-3">
        <h2 id="league-live-title" className="text-lg font-bold text-fg">
          {t('live.nowTitle')}
        </h2>
        <LiveTableSwitch
          leagueId={leagueId}
          compact
          testId="league-live-table"
          confirmed={<StandingsTable rows={standings.data?.top ?? []} testId="league-table" />}
        />
      </Card>
      <div className={cn('grid gap-4', fixtures.length > 1 && 'xl:grid-cols-2')}>
        {fixtures.map((f) => (
          <MinuteRace key={f.id} leagueId={leagueId} fixtureId={f.id} lanes={racesLanes} />
        ))}
      </div>
    </section>
  );
};
