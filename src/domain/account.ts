import { z } from 'zod';
import { deleteConfirmWord } from './account-rules';
import { languages } from './i18n';

export const localeBody = z.object({ locale: z.enum(languages) });

export const deleteAccountBody = z.object({
  confirm: z.literal(deleteConfirmWord, { error: `Type ${deleteConfirmWord} to confirm.` }),
});

export const roleSchema = z.enum(['user', 'admin']);

export const meResponse = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: roleSchema,
      isAnonymous: z.boolean(),
      emailVerified: z.boolean(),
      locale: z.enum(languages),
      twoFactorEnabled: z.boolean(),
    })
    .nullable(),
  auth: z.object({
    google: z.boolean(),
    emailVerificationRequired: z.boolean(),
  }),
});

export { displayNameOf, emailLocalPart } from './display-name';
