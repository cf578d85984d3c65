import type { TFunction } from 'i18next';

/** The name a guest gets when joining (auth.ts's generateName), stored in English. */
const guestName = 'Guest';

/**
 * A manager's name as tables show it: a guest's default name in the viewer's language
 * ('Invitado', 'Gast'), as the header greets them (issue 54); any other name as written.
 */
export const managerLabel = (t: TFunction, name: string) =>
  name === guestName ? t('account.guest') : name;
