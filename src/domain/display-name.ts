// Without zod: the web app's first download uses it (account.ts holds the schemas).

/** The part of an e-mail address before the at sign: the welcome line's fallback name. */
export const emailLocalPart = (email: string): string => email.split('@')[0] ?? email;

export const displayNameOf = (user: { name?: string | null; email: string }): string =>
  user.name && user.name.trim() !== '' ? user.name : emailLocalPart(user.email);
