import { useMe, useSaveLocale } from '../account/api';
import type { Language } from '../../domain/i18n';

/** While signed in, the chosen language is stored on the account too (mails go out in it). */
export const useSaveLanguageOnAccount = () => {
  const me = useMe();
  const saveLocale = useSaveLocale();
  return (language: Language) => {
    if (me.data?.user) saveLocale.mutate(language);
  };
};
