import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import { dropLockedEdits, type Edits, type SavedLike } from './draft';
import { matchNames } from './match-names';

interface Match {
  id: string;
  homeTeam: string;
  awayTeam: string;
}

/**
 * Kick-off is the deadline (docs/design.md §3): an unsaved change on a fixture that locks is dropped
 * the moment it locks, the row shows the saved pick again and says the change came too late,
 * and one toast names the matches. Returns the fixtures whose change came too late (also those
 * the server refused at save time, added with `markLate`).
 */
export const useLateEdits = (
  edits: Edits,
  setEdits: Dispatch<SetStateAction<Edits>>,
  saved: ReadonlyMap<string, SavedLike>,
  fixtures: readonly Match[],
  isLockedId: (fixtureId: string) => boolean,
) => {
  const { t, i18n } = useTranslation();
  const [late, setLate] = useState<readonly string[]>([]);
  // Changes only when an edited fixture locks (the clock ticks at each kick-off).
  const lockedKey = Object.keys(edits).filter(isLockedId).join();

  const markLate = (ids: readonly string[]) => {
    if (ids.length > 0) setLate((current) => [...new Set([...current, ...ids])]);
  };

  useEffect(() => {
    if (lockedKey === '') return;
    const result = dropLockedEdits(edits, saved, isLockedId);
    setEdits(result.edits);
    if (result.late.length === 0) return;
    markLate(result.late);
    toast.warning(t('predictions.toast.lateTitle'), {
      description: t('predictions.toast.lateText', {
        count: result.late.length,
        names: matchNames(t, i18n.language, fixtures, result.late),
      }),
    });
    // Runs when an edited fixture locks; the other inputs are read as they are at that moment.
  }, [lockedKey]);

  return { late, markLate, clearLate: () => setLate([]) };
};
