/**
 * The locale files are served in parts (scripts/locale-parts.ts builds them): 'core' holds every
 * key but these, and a page that needs one of these parts loads it with its chunk. The server's
 * texts (mails, push messages, the calendar feed) never go to the browser.
 */
export const localeParts = {
  admin: ['admin'],
  info: ['rules', 'privacy', 'terms', 'contact'],
  /** 'My Teams and Leagues' (/team): its reminder, push and calendar texts. */
  team: ['team'],
  /** /account: the player's own settings. */
  account: ['myAccount'],
  /** A league's page, standings and My Teams: bonus questions and statistics. */
  league: ['bonus', 'leagueStats'],
} as const;

export type LocalePart = 'core' | keyof typeof localeParts;

export const serverOnlyKeys = ['mail', 'push', 'calendar'] as const;
