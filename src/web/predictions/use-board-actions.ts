import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import type { PredictionInput } from '../../domain/prediction-rules';
import { ApiError } from '../lib/api-client';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { useErrorMessage } from '../ui/use-error-message';
import {
  useCopyPredictions,
  useDeletePredictions,
  useSavePredictions,
  useSaveToTeams,
  type FixtureItem,
  type PlayerTeam,
} from './api';
import { matchNames } from './match-names';

/** Taps closer together than this are one burst (a double or triple tap). */
const tapBurstMs = 1500;

/**
 * Save, delete, copy and multi-league save with the toasts of spec §8 (Predictions); `fixtures`
 * names the matches a save could not include because they had kicked off.
 */
export const useBoardActions = (
  team: PlayerTeam | null,
  signedIn: boolean,
  fixtures: readonly FixtureItem[],
) => {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const authDialog = useAuthDialog();
  const saveMutation = useSavePredictions();
  const deleteMutation = useDeletePredictions();
  const copyMutation = useCopyPredictions();
  const multiMutation = useSaveToTeams();

  // One request per tap burst: a second tap (a double click) while one runs does nothing, even
  // before the busy button has rendered.
  const running = useRef(new Set<string>());
  // The last save answered, and when: the same picks again within a burst (a tap landing after
  // the answer but before the board has cleared its draft) are not sent again.
  const lastSave = useRef<{ body: string; at: number } | null>(null);
  const once =
    <A extends unknown[], R>(kind: string, idle: R, action: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (running.current.has(kind)) return idle;
      running.current.add(kind);
      try {
        return await action(...args);
      } finally {
        running.current.delete(kind);
      }
    };

  const errorTitle = t('predictions.toast.errorTitle');
  /** 401 opens sign-in; rule errors (4xx) say what happened; anything else the fallback. */
  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.status === 401) {
      toast.error(t('predictions.toast.authTitle'), {
        description: t('predictions.toast.authText'),
      });
      authDialog.open('login');
      return;
    }
    const known = error instanceof ApiError && error.status < 500 && error.status !== 0;
    toast.error(errorTitle, { description: known ? errorMessage(error) : fallback });
  };

  const ready = (): PlayerTeam | null => {
    if (!signedIn) {
      toast.error(t('predictions.toast.authTitle'), {
        description: t('predictions.toast.authText'),
      });
      authDialog.open('login');
      return null;
    }
    if (!team) {
      toast.error(errorTitle, { description: t('predictions.toast.joinLeague') });
      return null;
    }
    return team;
  };

  const noPredictions = () =>
    toast.error(t('predictions.toast.noPredictionsTitle'), {
      description: t('predictions.toast.noPredictionsText'),
    });

  const lockedText = (locked: readonly string[]) =>
    locked.length > 0
      ? t('predictions.toast.lockedSkipped', {
          count: locked.length,
          names: matchNames(t, i18n.language, fixtures, locked),
        })
      : '';

  /** The fixtures the server refused because they had locked, or null when nothing was saved. */
  const save = once(
    'save',
    null,
    async (predictions: PredictionInput[]): Promise<{ locked: string[] } | null> => {
      const current = ready();
      if (!current) return null;
      if (predictions.length === 0) {
        noPredictions();
        return null;
      }
      const body = JSON.stringify({ teamId: current.id, predictions });
      const last = lastSave.current;
      if (last && last.body === body && performance.now() - last.at < tapBurstMs)
        return { locked: [] };
      try {
        const result = await saveMutation.mutateAsync({ teamId: current.id, predictions });
        lastSave.current = { body, at: performance.now() };
        const skipped = lockedText(result.locked);
        if (result.saved.length === 0) {
          toast.error(errorTitle, { description: skipped });
          return { locked: result.locked };
        }
        const savedText = t('predictions.toast.savedText', {
          count: result.saved.length,
          team: result.teamName,
          league: result.leagueName,
        });
        const joker = result.jokerUsed ? t('predictions.toast.jokerUsed') : '';
        toast.success(t('predictions.toast.savedTitle'), {
          // Two sentences, two lines: what was saved, then what had kicked off.
          description: [`${savedText}${joker}`, skipped].filter(Boolean).join('\n'),
        });
        return { locked: result.locked };
      } catch (error) {
        failed(error, t('predictions.toast.saveFailed'));
        return null;
      }
    },
  );

  const remove = once('delete', false, async (fixtureIds: string[]): Promise<boolean> => {
    const current = ready();
    if (!current || fixtureIds.length === 0) return false;
    try {
      await deleteMutation.mutateAsync({ teamId: current.id, fixtureIds });
      toast.success(t('predictions.toast.deleted'));
      return true;
    } catch (error) {
      failed(error, t('predictions.toast.deleteFailed'));
      return false;
    }
  });

  const copyFrom = once('copy', false, async (from: PlayerTeam): Promise<boolean> => {
    const current = ready();
    if (!current) return false;
    try {
      const result = await copyMutation.mutateAsync({
        fromTeamId: from.id,
        toTeamId: current.id,
      });
      if (result.copied === 0) toast.info(t('predictions.toast.nothingToCopy'));
      else
        toast.success(
          t('predictions.toast.copied', {
            count: result.copied,
            team: current.name,
            league: result.leagueName,
          }),
        );
      return true;
    } catch (error) {
      failed(error, t('predictions.toast.copyFailed'));
      return false;
    }
  });

  const saveToTeams = once(
    'multi',
    false,
    async (
      teamIds: string[],
      predictions: PredictionInput[],
      /** Where they go, in words ('2 leagues', '4 teams in 2 leagues'). */
      target: string,
    ): Promise<boolean> => {
      if (!ready()) return false;
      if (teamIds.length === 0) {
        toast.error(t('predictions.toast.noLeaguesTitle'), {
          description: t('predictions.multi.selectOne'),
        });
        return false;
      }
      if (predictions.length === 0) {
        noPredictions();
        return false;
      }
      try {
        const result = await multiMutation.mutateAsync({
          teamIds,
          predictions: predictions.map(({ fixtureId, outcome, firstGoalMinute }) => ({
            fixtureId,
            outcome,
            firstGoalMinute,
          })),
        });
        const saved = t('predictions.toast.multiSaved', {
          count: result.saved,
          leagues: target,
        });
        toast.success(t('predictions.toast.savedTitle'), {
          description: [saved, lockedText(result.locked)].filter(Boolean).join(' '),
        });
        return true;
      } catch (error) {
        failed(error, t('predictions.toast.multiFailed'));
        return false;
      }
    },
  );

  return {
    save,
    remove,
    copyFrom,
    saveToTeams,
    saving: saveMutation.isPending,
    deleting: deleteMutation.isPending,
    copying: copyMutation.isPending,
    savingMulti: multiMutation.isPending,
  };
};
