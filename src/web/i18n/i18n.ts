import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, languageStorageKey, type Language } from '../../domain/i18n';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pt from './locales/pt.json';

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

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    es: { translation: es },
    fr: { translation: fr },
    de: { translation: de },
    it: { translation: it },
    pt: { translation: pt },
  },
  lng: readStoredLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: ['en', 'es', 'fr', 'de', 'it', 'pt'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

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
