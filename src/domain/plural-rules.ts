/**
 * The locale whose plural rules each interface language follows. Our Portuguese is European
 * (pt-PT): there 0 takes the plural ('0 pts'), while the bare 'pt' of Intl is Brazil's, where 0
 * is singular ('0 pt', issue 54).
 */
export const pluralLocale = (language: string) => (language === 'pt' ? 'pt-PT' : language);

/** Makes an initialised i18next instance choose plural forms by `pluralLocale` (web and mails). */
export const applyPluralLocales = (instance: { services: { pluralResolver: unknown } }) => {
  const resolver = instance.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
    clearCache?: () => void;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(pluralLocale(code), options);
  resolver.clearCache?.();
};
