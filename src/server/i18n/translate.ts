import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { defaultLanguage, isLanguage, languages, type Language } from '../../domain/i18n';
import { applyPluralLocales } from '../../domain/plural-rules';

// The server speaks through the same locale files as the web app (mails, documents). They are
// read as data, not imported, so the server does not depend on web code.
const localesDir = fileURLToPath(new URL('../../web/i18n/locales/', import.meta.url));

const resources = Object.fromEntries(
  languages.map((lng) => [
    lng,
    { translation: JSON.parse(readFileSync(`${localesDir}${lng}.json`, 'utf8')) as object },
  ]),
);

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyPluralLocales(instance);

export const normaliseLanguage = (value: string | null | undefined): Language =>
  value && isLanguage(value) ? value : defaultLanguage;

export const translator = (language: string | null | undefined): TFunction =>
  instance.getFixedT(normaliseLanguage(language));
