import type { TFunction } from 'i18next';

/**
 * A competition's country in the reader's language, from the locale files (`countries.*`):
 * `Intl.DisplayNames` names states, not England or Scotland. A country the files do not know (an
 * admin's own competition) shows as it was entered.
 */
export const countryName = (t: TFunction, country: string) => {
  const key = country
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');
  return key === '' ? country : t(`countries.${key}`, { defaultValue: country });
};
