import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { contactLimitPerHour, type ContactBody } from '../../domain/contact';
import type { Services } from '../context';
import { AppError } from '../errors';
import { translator } from '../i18n/translate';

/**
 * Stores a contact message (always) and mails it to CONTACT_TO (when set) through the outbox, in
 * one transaction. At most 5 per hour per client address, counted in the database in the same
 * transaction as the insert, so every instance agrees and simultaneous messages cannot all pass.
 */
export const submitContact = async (
  services: Pick<Services, 'database' | 'mailer' | 'env'>,
  input: ContactBody,
  context: { clientIp: string; userId: string | null; locale: string | null; now: Date },
) => {
  const { db } = services.database;
  const since = new Date(context.now.getTime() - 3_600_000).toISOString();
  const id = randomUUID();
  const to = services.env.CONTACT_TO;
  const t = translator('en'); // the team reads English
  const mailId = await db.transaction().execute(async (trx) => {
    // Count and insert in one step per address: PostgreSQL serialises an address's messages with
    // a transaction-scoped advisory lock; SQLite's one connection is held by the transaction.
    if (services.database.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`contact:${context.clientIp}`}))`.execute(
        trx,
      );
    const recent = await trx
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_ip', '=', context.clientIp)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= contactLimitPerHour) throw new AppError('CONTACT_RATE_LIMITED');
    await trx
      .insertInto('contact_messages')
      .values({
        id,
        ...input,
        user_id: context.userId,
        client_ip: context.clientIp,
        locale: context.locale,
        created_at: context.now.toISOString(),
      })
      .execute();
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
