import { useTranslation } from 'react-i18next';
import { dateFormat, numberFormat } from './intl-cache';

/** Dates and numbers through Intl in the chosen interface language. */
export const useFormat = () => {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    dateTime: (value: string | Date) =>
      dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        typeof value === 'string' ? new Date(value) : value,
      ),
    date: (value: string | Date) =>
      dateFormat(locale, { dateStyle: 'medium' }).format(
        typeof value === 'string' ? new Date(value) : value,
      ),
    number: (value: number) => numberFormat(locale).format(value),
  };
};
