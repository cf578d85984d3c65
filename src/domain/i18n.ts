export const languages = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
/** localStorage key of the chosen interface language (specification §2.1). */
export const languageStorageKey = 'selectedLanguage';

export const isLanguage = (value: string): value is Language =>
  (languages as readonly string[]).includes(value);

/** Each language's own name, shown in the language switcher. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
};
