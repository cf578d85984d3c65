import { z } from 'zod';

export const contactSubjects = [
  'general',
  'technical',
  'bug',
  'feature',
  'partnership',
  'reminders',
] as const;
export type ContactSubject = (typeof contactSubjects)[number];
export const contactLimitPerHour = 5;

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const contactBody = z.object({
  name: required('Please enter your name.').max(100),
  email: z
    .string({ error: 'Please enter a valid e-mail address.' })
    .trim()
    .pipe(z.email({ error: 'Please enter a valid e-mail address.' })),
  subject: z.enum(contactSubjects, { error: 'Please choose a subject.' }),
  message: required('Please enter a message.').max(5000, {
    error: 'Messages have at most 5,000 characters.',
  }),
});
export type ContactBody = z.infer<typeof contactBody>;

export const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  locale: z.string().nullable(),
  handled: z.boolean(),
  createdAt: z.string(),
});
