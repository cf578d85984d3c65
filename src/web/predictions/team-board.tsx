import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Competition } from '../../domain/competitions';
import { useErrorMessage } from '../lib/use-error-message';
import { Button } from '../ui/button';
import { LoadingBlock } from '../ui/skeleton';
import { ErrorState } from '../ui/state';
import {
  predictionsQueryOptions,
  useTeamsPredictions,
  type FixtureItem as Fixture,
  type PlayerTeam,
} from './api';
import { ConfirmDialog } from './confirm-dialog';
import { CopyBanner } from './copy-banner';
import {
  buildSaveBatch,
  canToggleJoker,
  changedFixtureIds,
  currentEntry,
  deletableFixtureIds,
  hasOpenPredictions,
  jokersLeft,
  savedById,
  type Edits,
} from './draft';
import { FixtureItem, type FixtureStatus } from './fixture-item';
import { FixtureList } from './fixture-list';
import { MultiLeaguePanel } from './multi-league-panel';
import { SavedList } from './saved-list';
import { TeamBar } from './team-bar';
import { useBoardActions } from './use-board-actions';

interface TeamBoardProps {
  competition: Competition;
  fixtures: readonly Fixture[];
  isLocked: (fixture: Fixture) => boolean;
  teams: readonly PlayerTeam[];
  active: PlayerTeam;
  onChooseTeam: (teamId: string) => void;
}

/** Predicting for one of the player's teams: the form, its actions and the saved list. */
export const TeamBoard = ({
  competition,
  fixtures,
  isLocked,
  teams,
  active,
  onChooseTeam,
}: TeamBoardProps) => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const predictions = useQuery(predictionsQueryOptions(active.id));
  const otherTeams = teams.filter((team) => team.id !== active.id);
  const others = useTeamsPredictions(otherTeams.map((team) => team.id));
  const actions = useBoardActions(active, true);
  const [edits, setEdits] = useState<Edits>({});
  const [pendingSwitch, setPendingSwitch] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<string[] | null>(null);
  const [copyDismissed, setCopyDismissed] = useState<string[]>([]);

  const saved = useMemo(() => predictions.data?.predictions ?? [], [predictions.data]);
  const savedMap = useMemo(() => savedById(saved), [saved]);
  const draftFixtures = fixtures.map((f) => ({ id: f.id, locked: isLocked(f), tbd: f.tbd }));
  const left = jokersLeft(draftFixtures, edits, savedMap);
  const changed = new Set(changedFixtureIds(edits, savedMap));
  const dirty = changed.size > 0;
  const deletable = deletableFixtureIds(draftFixtures, savedMap);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (predictions.isPending) return <LoadingBlock label={t('common.loading')} rows={4} />;
  if (predictions.isError)
    return (
      <ErrorState
        title={t('predictions.loadError')}
        message={errorMessage(predictions.error)}
        retryLabel={t('common.retry')}
        onRetry={() => void predictions.refetch()}
      />
    );

  const copySource =
    hasOpenPredictions(draftFixtures, saved) || copyDismissed.includes(active.id)
      ? undefined
      : otherTeams.find((_, index) => {
          const data = others[index]?.data;
          return data ? hasOpenPredictions(draftFixtures, data.predictions) : false;
        });

  const switchTeam = (teamId: string) => {
    if (teamId === active.id) return;
    if (dirty) {
      setPendingSwitch(teamId);
      return;
    }
    setEdits({});
    onChooseTeam(teamId);
  };

  const batchOrWarn = () => {
    const batch = buildSaveBatch(draftFixtures, edits, savedMap);
    if (batch.invalid.length > 0) {
      toast.error(t('predictions.toast.errorTitle'), {
        description: t('predictions.minuteError'),
      });
      document
        .querySelector<HTMLInputElement>(
          `[data-testid="fixture-${batch.invalid[0]}"] [data-testid="minute-input"]`,
        )
        ?.focus();
      return null;
    }
    return batch.predictions;
  };

  const save = async () => {
    const batch = batchOrWarn();
    if (batch && (await actions.save(batch))) setEdits({});
  };

  const remove = async (fixtureIds: string[]) => {
    if (await actions.remove(fixtureIds)) {
      setEdits((current) =>
        Object.fromEntries(Object.entries(current).filter(([id]) => !fixtureIds.includes(id))),
      );
    }
    setPendingDelete(null);
  };

  const statusOf = (fixture: Fixture): FixtureStatus =>
    fixture.tbd
      ? 'tbd'
      : isLocked(fixture)
        ? 'started'
        : changed.has(fixture.id)
          ? 'unsaved'
          : savedMap.has(fixture.id)
            ? 'set'
            : 'none';

  return (
    <div className="flex flex-col gap-5">
      <TeamBar teams={teams} active={active} jokersLeft={left} onSwitch={switchTeam} />
      {copySource ? (
        <CopyBanner
          from={copySource}
          to={active}
          busy={actions.copying}
          onCopy={async () => {
            if (await actions.copyFrom(copySource)) setEdits({});
          }}
          onDismiss={() => setCopyDismissed((ids) => [...ids, active.id])}
        />
      ) : null}

      <section aria-labelledby="fixtures-title" className="flex flex-col gap-4">
        <h2 id="fixtures-title" className="text-xl font-bold text-fg">
          {t('fixtures.titlePlaying')}
        </h2>
        <FixtureList
          fixtures={fixtures}
          isLocked={isLocked}
          playing
          roundNav={competition.kind === 'tournament'}
          renderItem={(fixture) => {
            const entry = currentEntry(fixture.id, edits, savedMap);
            return (
              <FixtureItem
                key={fixture.id}
                fixture={fixture}
                locked={isLocked(fixture)}
                status={statusOf(fixture)}
                entry={entry}
                hasSaved={savedMap.has(fixture.id)}
                jokerAvailable={canToggleJoker(entry, left)}
                onChange={(next) => setEdits((current) => ({ ...current, [fixture.id]: next }))}
              />
            );
          }}
        />
      </section>

      <div className="sticky bottom-0 z-10 -mx-4 grid grid-cols-2 items-center gap-2 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex sm:flex-wrap sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
        <Button
          className={deletable.length > 0 ? undefined : 'col-span-2'}
          onClick={() => void save()}
          disabled={actions.saving}
          data-testid="save-predictions"
        >
          {actions.saving ? t('predictions.saving') : t('predictions.save')}
        </Button>
        {deletable.length > 0 ? (
          <Button
            variant="secondary"
            onClick={() => setPendingDelete(deletable)}
            disabled={actions.deleting}
            data-testid="delete-predictions"
          >
            {actions.deleting ? t('predictions.deleting') : t('predictions.delete')}
          </Button>
        ) : null}
        {dirty ? (
          <span
            role="status"
            className="text-sm font-medium text-warn-strong"
            data-testid="unsaved"
          >
            {t('predictions.unsaved', { count: changed.size })}
          </span>
        ) : null}
      </div>

      {teams.length > 1 ? (
        <MultiLeaguePanel
          teams={teams}
          activeTeamId={active.id}
          busy={actions.savingMulti}
          onSave={async (teamIds) => {
            const batch = batchOrWarn();
            if (!batch) return false;
            const done = await actions.saveToTeams(teamIds, batch);
            if (done && teamIds.includes(active.id)) setEdits({});
            return done;
          }}
        />
      ) : null}

      <SavedList
        fixtures={fixtures}
        saved={saved}
        isLocked={isLocked}
        onDelete={(fixtureId) => setPendingDelete([fixtureId])}
      />

      <ConfirmDialog
        open={pendingDelete !== null}
        testId="confirm-delete"
        title={t('predictions.confirmDelete.title')}
        description={t('predictions.confirmDelete.text', {
          count: pendingDelete?.length ?? 0,
          team: active.name,
        })}
        confirmLabel={actions.deleting ? t('predictions.deleting') : t('predictions.delete')}
        busy={actions.deleting}
        onConfirm={() => void remove(pendingDelete ?? [])}
        onCancel={() => setPendingDelete(null)}
      />
      <ConfirmDialog
        open={pendingSwitch !== null}
        testId="confirm-discard"
        title={t('predictions.discard.title')}
        description={t('predictions.discard.text', { team: active.name })}
        confirmLabel={t('predictions.discard.action')}
        onConfirm={() => {
          setEdits({});
          if (pendingSwitch) onChooseTeam(pendingSwitch);
          setPendingSwitch(null);
        }}
        onCancel={() => setPendingSwitch(null)}
      />
    </div>
  );
};
