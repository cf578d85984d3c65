import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useErrorMessage } from '../../ui/use-error-message';

/**
 * Error text for league forms: codes translate through `errors.<CODE>` (with per-form
 * overrides, e.g. quick join's own "league not found"); validation failures show the server's
 * specific sentence rather than the generic "Some fields are not valid.".
 */
export const useLeagueError = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (error: unknown, overrides: Partial<Record<string, string>> = {}): string => {
    if (error instanceof ApiError) {
      const override = overrides[error.code];
      if (override) return t(override);
      if (error.code === 'VALIDATION_FAILED') return error.message;
    }
    return errorMessage(error);
  };
};
