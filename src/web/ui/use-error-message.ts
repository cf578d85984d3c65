import { useTranslation } from 'react-i18next';
import { toast } from './toast';
import { ApiError } from '../lib/api-client';

/**
 * Turns any error into a sentence in the chosen language: API errors by their code
 * (`errors.<CODE>`), falling back to the server's English message.
 */
export const useErrorMessage = () => {
  const { t, i18n } = useTranslation();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      const key = `errors.${error.code}`;
      return i18n.exists(key) ? t(key) : error.message;
    }
    return t('errors.INTERNAL');
  };
};

/** An action that failed: one toast with the reason in the player's language. */
export const useFailed = () => {
  const errorMessage = useErrorMessage();
  return (error: unknown) => toast.error(errorMessage(error));
};
