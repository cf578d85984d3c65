import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import { ApiError } from '../lib/api-client';
import { useErrorMessage } from '../ui/use-error-message';

// The server's INVALID_RESULT messages that the row checks inline too, so they read in any language.
const invalidResultKeys: Record<string, string> = {
  'Enter both scores or neither.': 'admin.fixtures.errors.bothScores',
  'A match with goals needs a first-goal minute between 1 and 90.':
    'admin.fixtures.errors.minuteRange',
  'Enter a minute like 67, 45+2 or 90+5.': 'admin.fixtures.errors.minuteFormat',
};

/** The admin's result toasts (spec §8 Admin), one at a time. */
export const useResultToasts = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const describe = (error: unknown) => {
    if (error instanceof ApiError) {
      const key = invalidResultKeys[error.message];
      if (key) return t(key);
    }
    return errorMessage(error);
  };
  return {
    recalculated: (gained: number | null, total: number | null) =>
      toast.success(t('admin.toast.recalculated'), {
        // null: a fixture predicted by very many teams is still being added up in the background.
        description:
          gained === null || total === null
            ? t('admin.toast.recalculatingText')
            : t('admin.toast.recalculatedText', {
                count: gained,
                players: t('admin.toast.players', { count: total }),
              }),
        duration: 5000,
      }),
    updated: () => toast.success(t('admin.toast.updated')),
    cannotCalculate: () =>
      toast.error(t('admin.toast.cannotCalculate'), {
        description: t('errors.CANNOT_CALCULATE'),
      }),
    saveFailed: (error: unknown) => {
      if (error instanceof ApiError && error.code === 'CANNOT_CALCULATE') {
        toast.error(t('admin.toast.cannotCalculate'), {
          description: t('errors.CANNOT_CALCULATE'),
        });
        return;
      }
      const title =
        error instanceof ApiError && error.code === 'UNKNOWN_FIXTURE'
          ? t('admin.toast.matchNotFound')
          : t('admin.toast.saveError');
      toast.error(title, { description: describe(error) });
    },
  };
};
