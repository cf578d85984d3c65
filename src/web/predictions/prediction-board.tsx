import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import type { Competition } from '../../domain/competitions';
import { useActiveTeam } from '../lib/active-team';
import type { BoardSlot, PlayerStatus } from '../lib/competition-board';
import { useErrorMessage } from '../lib/use-error-message';
import { LoadingBlock } from '../ui/skeleton';
import { ErrorState } from '../ui/state';
import { fixturesQueryOptions, teamsInCompetition } from './api';
import { FixtureItem } from './fixture-item';
import { FixtureList } from './fixture-list';
import { PlayerPrompt } from './player-prompt';
import { TeamBoard } from './team-board';
import { useLockCheck } from './use-server-clock';

export interface PredictionBoardProps extends BoardSlot {
  competition: Competition;
  /** undefined while the session is being checked. */
  signedIn: boolean | undefined;
}

/**
 * A playable competition's fixtures and the player's predictions (spec §2.11-2.15, §4, §5):
 * one board for every page kind; the page around it supplies the heading.
 */
export const PredictionBoard = ({ competition, signedIn, header }: PredictionBoardProps) => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const fixtures = useQuery(fixturesQueryOptions(competition.id));
  const teams = useActiveTeam({ competitionId: competition.id, enabled: signedIn === true });
  const teamList = teamsInCompetition(teams.leagues, competition.id);
  const active = teamList.find((team) => team.id === teams.team?.id) ?? teamList[0] ?? null;
  const choose = (teamId: string) => {
    const team = teamList.find((t) => t.id === teamId);
    if (team) teams.setActive(team.leagueId, team.id);
  };
  const isLocked = useLockCheck(fixtures.data?.serverTime, fixtures.dataUpdatedAt);

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

  const list = fixtures.data?.fixtures ?? [];
  const body = () => {
    if (fixtures.isPending || status === 'loading')
      return <LoadingBlock label={t('common.loading')} rows={4} />;
    if (fixtures.isError)
      return (
        <ErrorState
          title={t('fixtures.loadError')}
          message={errorMessage(fixtures.error)}
          retryLabel={t('common.retry')}
          onRetry={() => void fixtures.refetch()}
        />
      );
    if (teams.isError)
      return (
        <ErrorState
          title={t('predictions.teamsError')}
          message={errorMessage(teams.error)}
          retryLabel={t('common.retry')}
          onRetry={() => void teams.refetch()}
        />
      );
    if (list.length === 0)
      return (
        <div
          data-testid="fixtures-tba"
          className="flex items-start gap-4 rounded-2xl border border-dashed border-line bg-surface p-6"
        >
          <CalendarClock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-text" />
          <div className="flex flex-col gap-1">
            <h2 className="font-bold text-fg">{t('fixtures.tbaTitle')}</h2>
            <p className="text-fg-muted">{t('fixtures.tbaText')}</p>
          </div>
        </div>
      );
    if (status === 'playing' && active)
      return (
        <TeamBoard
          competition={competition}
          fixtures={list}
          isLocked={isLocked}
          teams={teamList}
          active={active}
          onChooseTeam={choose}
        />
      );
    return (
      <section aria-labelledby="fixtures-title" className="flex flex-col gap-4">
        <h2 id="fixtures-title" className="text-xl font-bold text-fg">
          {t('fixtures.title')}
        </h2>
        <FixtureList
          fixtures={list}
          isLocked={isLocked}
          playing={false}
          roundNav={competition.kind === 'tournament'}
          renderItem={(fixture) => (
            <FixtureItem
              key={fixture.id}
              fixture={fixture}
              locked={isLocked(fixture)}
              status={fixture.tbd ? 'tbd' : isLocked(fixture) ? 'started' : 'none'}
              entry={null}
              hasSaved={false}
              jokerAvailable={false}
              onChange={() => undefined}
            />
          )}
        />
      </section>
    );
  };

  return (
    <div className="flex flex-col gap-5" data-testid="prediction-board" data-status={status}>
      {header?.(status)}
      {(status === 'signed_out' || status === 'no_team') && list.length > 0 ? (
        <PlayerPrompt
          status={status}
          competitionId={competition.id}
          competitionName={competition.name}
          kind={competition.kind}
        />
      ) : null}
      {body()}
    </div>
  );
};
