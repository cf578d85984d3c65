import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loaders } from 'virtual:locales';
import { defaultLanguage, isLanguage, languageStorageKey, type Language } from '../../domain/i18n';
import type { LocalePart } from './parts';
import { applyPluralLocales } from '../../domain/plural-rules';

/**
 * Each language is split into parts (parts.ts), each its own chunk: a visit downloads the core
 * of the language it shows, a page needing another part loads it with its own chunk
 * (`loadLocaleParts`), and a switch of language fetches every part asked for so far before the
 * page changes language.
 */
const wanted = new Set<LocalePart>(['core']);

const loadParts = async (language: Language, parts: Iterable<LocalePart>) => {
  const bundles = await Promise.all(
    [...parts].map((part) => {
      const load = loaders[language]?.[part];
      if (!load) throw new Error(`No locale part ${language}/${part}`);
      return load();
    }),
  );
  return bundles.reduce<Record<string, unknown>>(
    (merged, bundle) => Object.assign(merged, bundle.default),
    {},
  );
};

const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    loadParts(isLanguage(language) ? language : defaultLanguage, wanted).then(
      (bundle) => callback(null, bundle as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Fired on window whenever the interface language changes (specification §2.1). */
export const languageChangedEvent = 'language-changed';

const readStoredLanguage = (): Language => {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    return stored && isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
};

export const i18n = i18next.createInstance();

/**
 * Resolves once the language shown is loaded; the app renders after it. Every language file holds
 * every key (tests/locales), so no second language is fetched as a fallback.
 */
export const i18nReady: Promise<void> = i18n
  .use(bundleBackend)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage(),
    fallbackLng: false,
    supportedLngs: ['en', 'es', 'fr', 'de', 'it', 'pt'],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  })
  .then(() => {
    applyPluralLocales(i18n);
    if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
  });

export const currentLanguage = (): Language =>
  isLanguage(i18n.language) ? i18n.language : defaultLanguage;

/** Switches the interface language, remembers it and tells the rest of the page. */
export const setLanguage = async (language: Language): Promise<void> => {
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage unavailable: the choice lasts for this visit only.
  }
  document.documentElement.lang = language;
  window.dispatchEvent(new CustomEvent(languageChangedEvent, { detail: { language } }));
};

/** Loads these parts of the current language's texts (a page's chunk waits for them). */
export const loadLocaleParts = async (parts: LocalePart[]) => {
  const missing = parts.filter((part) => !wanted.has(part));
  if (missing.length === 0) return;
  for (const part of missing) wanted.add(part);
  await i18nReady;
  const language = currentLanguage();
  i18n.addResourceBundle(language, 'translation', await loadParts(language, missing), true, true);
};
