import { randomUUID } from 'node:crypto';
import { contactLimitPerHour, type ContactBody } from '../../domain/contact';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { AppError } from '../errors';
import { translator } from '../i18n/translate';
import * as repo from './repository';
import { inTransaction } from '../db/transaction';

/**
 * Stores a contact message (always) and mails it to CONTACT_TO (when set) through the outbox, in
 * one transaction. At most 5 per hour per client address, counted in the database in the same
 * transaction as the insert, so every instance agrees and simultaneous messages cannot all pass.
 */
export const submitContact = async (
  services: Pick<Services, 'database' | 'mailer' | 'env'>,
  /** Who writes: the client address (the limit's key), the account and language if known. */
  sender: { clientIp: string; userId: string | null; locale: string | null },
  input: ContactBody,
  now: Date,
) => {
  const { db } = services.database;
  const since = new Date(now.getTime() - 3_600_000).toISOString();
  const id = randomUUID();
  const to = services.env.CONTACT_TO;
  const t = translator('en'); // the team reads English
  const mailId = await inTransaction(db, async (trx) => {
    // Count and insert in one step per address.
    await repo.lockAddress(trx, services.database.dialect, sender.clientIp);
    if ((await repo.countSince(trx, sender.clientIp, since)) >= contactLimitPerHour)
      throw new AppError('CONTACT_RATE_LIMITED');
    await repo.insertMessage(trx, {
      ...input,
      id,
      ...sender,
      at: now.toISOString(),
    });
    if (!to) return null;
    const subjectLabel = t(`contact.subjects.${input.subject}`, { defaultValue: input.subject });
    const text = `${input.name} <${input.email}>\n${subjectLabel}\n\n${input.message}`;
    const html = `<p><strong>${escape(input.name)}</strong> &lt;${escape(input.email)}&gt;<br>${escape(subjectLabel)}</p><p>${escape(input.message).replace(/\n/g, '<br>')}</p>`;
    return services.mailer.record(trx, {
      kind: 'contact',
      to,
      subject: `[FirstGoal] ${subjectLabel}: ${input.name}`,
      text,
      html,
    });
  });
  if (mailId) services.mailer.deliverSoon(mailId);
  return { id };
};

const escape = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The inbox (site admins): the newest 200 messages. */
export const contactInbox = (services: Pick<Services, 'database'>, _admin: SessionUser) =>
  repo.listInbox(services.database.db, 200);

/** Marks a message handled (or not again); 404 when there is none. */
export const setHandled = async (
  services: Pick<Services, 'database'>,
  _admin: SessionUser,
  { id, handled }: { id: string; handled: boolean },
  now: Date,
) => {
  if (!(await repo.markHandled(services.database.db, id, handled ? now.toISOString() : null)))
    throw new AppError('NOT_FOUND', 'Message not found.');
  return { handled };
};
