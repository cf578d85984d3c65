import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Competition } from '../../domain/competitions';
import { isUnstarted } from '../../domain/seasons';
import { useActiveTeam } from '../lib/active-team';
import { useLiveLeague } from '../lib/use-live-league';
import { ApiError } from '../lib/api-client';
import type { BoardSlot, PlayerStatus } from '../lib/competition-board';
import { useErrorMessage } from '../ui/use-error-message';
import { LoadingBlock } from '../ui/skeleton';
import { QueryView } from '../ui/query-view';
import { ErrorState } from '../ui/state';
import { fixturesQueryOptions, teamsInCompetition } from './api';
import { FixtureItem, fixtureStatus } from './fixture-item';
import { FixtureList } from './fixture-list';
import { PlayerPrompt } from './player-prompt';
import { RoundNav } from './round-nav';
import { FixturesTba, NoOpenFixtures } from './season-notices';
import { TeamBoard } from './team-board';
import { useBoardView, useRoundPaging, useSeasonParam } from './use-round-paging';
import { useServerClock } from './use-server-clock';

export interface PredictionBoardProps extends BoardSlot {
  competition: Competition;
  /** undefined while the session is being checked. */
  signedIn: boolean | undefined;
  /** Site admins are shown the way to import or sync fixtures when none are open. */
  isAdmin: boolean;
}

/**
 * A playable competition's fixtures and the player's predictions (spec §2.11-2.15, §4, §5):
 * one board for every page kind, one round of the season at a time; the page around it supplies
 * the heading, told which season and round are shown.
 */
export const PredictionBoard = ({
  competition,
  signedIn,
  isAdmin,
  header,
  frame,
}: PredictionBoardProps) => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const asked = useSeasonParam();
  const fixtures = useQuery(fixturesQueryOptions(competition.id, asked.season));
  // A season's fixtures arrive in one answer; the board they fill is built as a transition, in
  // slices that leave the main thread free (a phone's slow CPU would otherwise block on it).
  const data = useDeferredValue(fixtures.data);
  const fixturesPending = data === undefined && !fixtures.isError;
  const list = data?.fixtures ?? [];
  const teams = useActiveTeam({ competitionId: competition.id, enabled: signedIn === true });
  const teamList = teamsInCompetition(teams.leagues, competition.id);
  const active = teamList.find((team) => team.id === teams.team?.id) ?? teamList[0] ?? null;
  // The active team's league stream: a kick-off moved while the page is open re-arms its lock.
  useLiveLeague(active?.leagueId);
  const clock = useServerClock(
    data?.serverTime,
    fixtures.dataUpdatedAt,
    list,
    active?.lockMinutesBefore ?? 0,
  );
  const paging = useRoundPaging(data, clock.serverNow);
  const choose = (teamId: string) => {
    const team = teamList.find((t) => t.id === teamId);
    if (team) teams.setActive(team.leagueId, team.id);
  };

  const status: PlayerStatus =
    signedIn === undefined
      ? 'loading'
      : !signedIn
        ? 'signed_out'
        : teams.isPending
          ? 'loading'
          : teamList.length === 0
            ? 'no_team'
            : 'playing';
  const view = useBoardView(paging, competition.kind, status);
  const nothingOpen =
    paging.isCurrentSeason && list.length > 0 && !list.some((f) => isUnstarted(f, clock.serverNow));

  const body = () => {
    if (fixturesPending || status === 'loading')
      return <LoadingBlock label={t('common.loading')} rows={4} />;
    if (fixtures.isError) {
      // A season link that names no season of this competition: offer the current one.
      const unknownSeason =
        fixtures.error instanceof ApiError && fixtures.error.code === 'UNKNOWN_SEASON';
      return (
        <ErrorState
          title={t('fixtures.loadError')}
          message={errorMessage(fixtures.error)}
          retryLabel={unknownSeason ? t('fixtures.showCurrentSeason') : t('common.retry')}
          onRetry={unknownSeason ? asked.clear : () => void fixtures.refetch()}
        />
      );
    }
    if (teams.isError) return <QueryView query={teams} errorTitle={t('predictions.teamsError')} />;
    const round = paging.round;
    if (!round) return <FixturesTba isAdmin={isAdmin} />;
    const nav = (onChooseSeason: (season: string) => void) => (
      <RoundNav
        paging={paging}
        strip={competition.kind === 'tournament'}
        onChooseSeason={onChooseSeason}
      />
    );
    if (status === 'playing' && active)
      return (
        <TeamBoard
          // A board per team: each starts from its own kept draft.
          key={active.id}
          fixtures={list}
          round={round}
          nav={nav}
          isLocked={clock.isLocked}
          serverNow={clock.serverNow}
          teams={teamList}
          active={active}
          onChooseTeam={choose}
          onChooseSeason={paging.chooseSeason}
          onShowRound={paging.goTo}
        />
      );
    return (
      <section aria-labelledby="fixtures-title" className="flex flex-col gap-4">
        <h2 id="fixtures-title" className="text-xl font-bold text-fg">
          {t('fixtures.title')}
        </h2>
        {nav(paging.chooseSeason)}
        <FixtureList
          round={round}
          playing={false}
          renderItem={(fixture) => {
            const locked = clock.isLocked(fixture);
            return (
              <FixtureItem
                key={fixture.id}
                fixture={fixture}
                locked={locked}
                status={fixtureStatus(fixture, locked, 'none')}
                entry={null}
                hasSaved={false}
                jokerAvailable={false}
                onChange={() => undefined}
              />
            );
          }}
        />
      </section>
    );
  };

  const content = (
    <div className="flex flex-col gap-5">
      {/* Shown while the fixtures load too: the first thing a visitor reads. */}
      {(status === 'signed_out' || status === 'no_team') && (fixturesPending || list.length > 0) ? (
        <PlayerPrompt
          status={status}
          competitionId={competition.id}
          competitionName={competition.name}
          kind={competition.kind}
        />
      ) : null}
      {nothingOpen ? <NoOpenFixtures isAdmin={isAdmin} /> : null}
      {body()}
    </div>
  );

  return (
    <div className="flex flex-col gap-5" data-testid="prediction-board" data-status={status}>
      {header?.(view)}
      {frame ? frame(content, view) : content}
    </div>
  );
};
