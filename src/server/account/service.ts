import type { Language } from '../../domain/i18n';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { setUserLocale } from './repository';

/** Remembers the player's language (mails and the next visit speak it). */
export const setLocale = async (
  { database }: Pick<Services, 'database'>,
  user: SessionUser,
  { locale }: { locale: Language },
) => {
  await setUserLocale(database.db, user.id, locale);
  return { locale };
};
