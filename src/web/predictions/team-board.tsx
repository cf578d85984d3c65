import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../ui/toast';
import { teamPredictionsQueryOptions } from '../lib/queries';
import { localKeys } from '../lib/local-keys';
import { isFillMissing } from '../lib/navigation-state';
import { useDismissed } from '../lib/use-dismissed';
import { QueryView } from '../ui/query-view';
import { useTeamsPredictions, type FixtureItem as Fixture, type PlayerTeam } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { CopyBanner } from './copy-banner';
import { restoreDraft, saveDraft } from './draft-storage';
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
import { FixtureItem, fixtureStatus } from './fixture-item';
import { FixtureList } from './fixture-list';
import { MultiLeaguePanel, teamsTarget } from './multi-league-panel';
import type { Round } from './rounds';
import { SaveBar } from './save-bar';
import { SavedList } from './saved-list';
import { TeamBar } from './team-bar';
import { useBoardActions } from './use-board-actions';
import { useLateEdits } from './use-late-edits';
import { minuteToBeConfirmed } from '../../domain/result-rules';
import { isExactMinute } from '../../domain/scoring';

interface TeamBoardProps {
  /** Every fixture of the season shown: edits on any round are kept and saved together. */
  fixtures: readonly Fixture[];
  /** The round on screen. */
  round: Round<Fixture>;
  nav: (onChooseSeason: (season: string) => void) => ReactNode;
  isLocked: (fixture: Fixture) => boolean;
  serverNow: Date;
  teams: readonly PlayerTeam[];
  active: PlayerTeam;
  onChooseTeam: (teamId: string) => void;
  onChooseSeason: (season: string) => void;
  onShowRound: (label: string) => void;
}

/** Predicting for one of the player's teams: the form, its actions and the saved list. */
export const TeamBoard = ({
  fixtures,
  round,
  nav,
  isLocked,
  serverNow,
  teams,
  active,
  onChooseTeam,
  onChooseSeason,
  onShowRound,
}: TeamBoardProps) => {
  const { t } = useTranslation();
  const predictions = useQuery(teamPredictionsQueryOptions(active.id));
  const otherTeams = teams.filter((team) => team.id !== active.id);
  const others = useTeamsPredictions(otherTeams.map((team) => team.id));
  const actions = useBoardActions(active, true, fixtures);
  // Unsaved picks kept in the tab survive Back, Forward and a reload (draft-storage.ts); those of
  // matches that have started meanwhile are dropped, and the board says so.
  const [restored] = useState(() =>
    restoreDraft(active.id, (id) => {
      const fixture = fixtures.find((f) => f.id === id);
      return fixture ? !isLocked(fixture) && !fixture.tbd : null;
    }),
  );
  const [edits, setEdits] = useState<Edits>(restored.edits);
  const [draftDropped, setDraftDropped] = useState(restored.dropped);
  const [pendingDiscard, setPendingDiscard] = useState<{ then: () => void } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<string[] | null>(null);
  const copyDismissed = useDismissed(localKeys.copyBannerDismissed);
  // A minute to fix, focused once its round is on screen (it may be on another round).
  const [fixMinuteOf, setFixMinuteOf] = useState<string | null>(null);

  const saved = useMemo(() => predictions.data?.predictions ?? [], [predictions.data]);
  const savedMap = useMemo(() => savedById(saved), [saved]);
  const byId = new Map(fixtures.map((f) => [f.id, f] as const));
  const lockedId = (id: string) => {
    const fixture = byId.get(id);
    return fixture ? isLocked(fixture) : false;
  };
  const lateEdits = useLateEdits(edits, setEdits, savedMap, fixtures, lockedId);
  // Another season came on screen without the discard prompt (the browser's back button): its
  // edits cannot be saved from here, so they are not kept as unsaved changes either.
  const stale = Object.keys(edits).some((id) => !byId.has(id));
  useEffect(() => {
    if (stale)
      setEdits((current) =>
        Object.fromEntries(Object.entries(current).filter(([id]) => byId.has(id))),
      );
  }, [stale]);
  const draftFixtures = fixtures.map((f) => ({ id: f.id, locked: isLocked(f), tbd: f.tbd }));
  const left = jokersLeft(draftFixtures, edits, savedMap, active.jokers);
  const changed = new Set(changedFixtureIds(edits, savedMap));
  const dirty = changed.size > 0;
  const deletable = deletableFixtureIds(
    round.fixtures.map((f) => ({ id: f.id, locked: isLocked(f), tbd: f.tbd })),
    savedMap,
  );

  useEffect(() => {
    if (fixMinuteOf === null) return;
    const input = document.querySelector<HTMLInputElement>(
      `[data-testid="fixture-${fixMinuteOf}"] [data-testid="minute-input"]`,
    );
    if (!input) return;
    input.focus();
    setFixMinuteOf(null);
    // Told once the field has focus: the toast then goes to the edge away from it and its card.
    toast.error(t('predictions.toast.errorTitle'), { description: t('predictions.minuteError') });
  }, [fixMinuteOf, round.label, t]);

  // The hub's 'Fill N picks': the first open fixture of the round without a pick comes into view
  // (clear of the sticky bars) with its 1 / X / 2 focused, once the team's picks are known.
  const location = useLocation();
  const navigate = useNavigate();
  const picksKnown = predictions.data !== undefined;
  useEffect(() => {
    if (!picksKnown || !isFillMissing(location.state)) return;
    const first = round.fixtures.find((f) => !isLocked(f) && !f.tbd && !savedMap.has(f.id));
    const row = first
      ? document.querySelector<HTMLElement>(`[data-testid="fixture-${first.id}"]`)
      : null;
    if (first && !row) return;
    row?.scrollIntoView({ block: 'center' });
    row?.querySelector<HTMLElement>('[role="radio"], button')?.focus({ preventScroll: true });
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [picksKnown, location, round, savedMap, isLocked, navigate]);

  useEffect(() => saveDraft(active.id, edits), [active.id, edits]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (predictions.isPending || predictions.isError)
    return <QueryView query={predictions} errorTitle={t('predictions.loadError')} rows={4} />;

  const copySource =
    hasOpenPredictions(draftFixtures, saved) || copyDismissed.ids.includes(active.id)
      ? undefined
      : otherTeams.find((_, index) => {
          const data = others[index]?.data;
          return data ? hasOpenPredictions(draftFixtures, data.predictions) : false;
        });

  /** Leaving this team or season drops the draft: asked first when it holds changes. */
  const discardThen = (then: () => void) => {
    if (dirty) {
      setPendingDiscard({ then });
      return;
    }
    setEdits({});
    lateEdits.clearLate();
    then();
  };
  const switchTeam = (teamId: string) => {
    if (teamId !== active.id) discardThen(() => onChooseTeam(teamId));
  };

  const batchOrWarn = () => {
    const batch = buildSaveBatch(draftFixtures, edits, savedMap);
    if (batch.invalid.length > 0) {
      const first = byId.get(batch.invalid[0] ?? '');
      if (first && first.round !== round.label) onShowRound(first.round);
      setFixMinuteOf(first?.id ?? null);
      return null;
    }
    return batch.predictions;
  };

  const save = async () => {
    const batch = batchOrWarn();
    const result = batch ? await actions.save(batch) : null;
    if (!result) return;
    // What the server refused had locked meanwhile: those changes came too late.
    lateEdits.markLate(result.locked.filter((id) => changed.has(id)));
    setEdits({});
  };

  const remove = async (fixtureIds: string[]) => {
    if (await actions.remove(fixtureIds)) {
      setEdits((current) =>
        Object.fromEntries(Object.entries(current).filter(([id]) => !fixtureIds.includes(id))),
      );
    }
    setPendingDelete(null);
  };

  const statusOf = (fixture: Fixture) =>
    fixtureStatus(
      fixture,
      isLocked(fixture),
      changed.has(fixture.id) ? 'unsaved' : savedMap.has(fixture.id) ? 'set' : 'none',
    );

  return (
    <div className="flex flex-col gap-3 sm:gap-5">
      <TeamBar teams={teams} active={active} jokersLeft={left} onSwitch={switchTeam} />
      {draftDropped > 0 ? (
        <div className="flex items-start justify-between gap-2 rounded-lg border border-info-strong/30 bg-info-soft px-3 py-2 text-sm font-medium text-info-strong">
          <p role="status" data-testid="draft-dropped">
            {t('predictions.draftDropped', { count: draftDropped })}
          </p>
          <button
            type="button"
            className="min-h-8 shrink-0 rounded px-2 underline-offset-2 hover:underline"
            onClick={() => setDraftDropped(0)}
          >
            {t('common.close')}
          </button>
        </div>
      ) : null}
      {copySource ? (
        <CopyBanner
          from={copySource}
          to={active}
          busy={actions.copying}
          onCopy={async () => {
            if (await actions.copyFrom(copySource)) setEdits({});
          }}
          onDismiss={() => copyDismissed.dismiss(active.id)}
        />
      ) : null}

      <section aria-labelledby="fixtures-title" className="flex flex-col gap-3 sm:gap-4">
        <h2 id="fixtures-title" className="sr-only text-xl font-bold text-fg sm:not-sr-only">
          {t('fixtures.titlePlaying')}
        </h2>
        {nav((season) => discardThen(() => onChooseSeason(season)))}
        <FixtureList
          round={round}
          playing
          renderItem={(fixture) => {
            const entry = currentEntry(fixture.id, edits, savedMap);
            const prediction = savedMap.get(fixture.id);
            const points = saved.find((p) => p.fixtureId === fixture.id)?.points ?? null;
            return (
              <FixtureItem
                key={fixture.id}
                fixture={fixture}
                locked={isLocked(fixture)}
                status={statusOf(fixture)}
                entry={entry}
                hasSaved={savedMap.has(fixture.id)}
                jokerAvailable={canToggleJoker(entry, left)}
                jokerWhy={
                  active.jokers === 0
                    ? t('predictions.jokersNone')
                    : entry.outcome === ''
                      ? t('predictions.jokerNeedsPick')
                      : t('predictions.jokersUsedUp', {
                          used: active.jokers - left,
                          count: active.jokers,
                        })
                }
                earned={prediction && points !== null ? { points, joker: prediction.joker } : null}
                exactId={
                  prediction &&
                  points !== null &&
                  fixture.status === 'final' &&
                  fixture.homeScore !== null &&
                  fixture.awayScore !== null &&
                  !minuteToBeConfirmed(fixture) &&
                  isExactMinute(prediction, {
                    homeScore: fixture.homeScore,
                    awayScore: fixture.awayScore,
                    firstGoalMinute: fixture.firstGoalMinute,
                  })
                    ? `exact:${active.id}:${fixture.id}`
                    : null
                }
                late={lateEdits.late.includes(fixture.id)}
                raceHref={`/league/${active.leagueId}/race/${fixture.id}`}
                onChange={(next) => setEdits((current) => ({ ...current, [fixture.id]: next }))}
              />
            );
          }}
        />
      </section>

      <SaveBar
        saving={actions.saving}
        deleting={actions.deleting}
        deletable={deletable.length}
        unsaved={changed.size}
        onSave={() => void save()}
        onDelete={() => setPendingDelete(deletable)}
      />

      {teams.length > 1 ? (
        <MultiLeaguePanel
          teams={teams}
          activeTeamId={active.id}
          busy={actions.savingMulti}
          onSave={async (teamIds) => {
            const batch = batchOrWarn();
            if (!batch) return false;
            const done = await actions.saveToTeams(teamIds, batch, teamsTarget(t, teams, teamIds));
            if (done && teamIds.includes(active.id)) setEdits({});
            return done;
          }}
        />
      ) : null}

      <SavedList
        fixtures={fixtures}
        saved={saved}
        isLocked={isLocked}
        serverNow={serverNow}
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
        open={pendingDiscard !== null}
        testId="confirm-discard"
        title={t('predictions.discard.title')}
        description={t('predictions.discard.text', { team: active.name })}
        confirmLabel={t('predictions.discard.action')}
        onConfirm={() => {
          setEdits({});
          lateEdits.clearLate();
          pendingDiscard?.then();
          setPendingDiscard(null);
        }}
        onCancel={() => setPendingDiscard(null)}
      />
    </div>
  );
};
