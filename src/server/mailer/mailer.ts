import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { Logger } from '../logger';
import * as repo from './repository';

export interface MailMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Records the mail in the outbox and, with SMTP configured, tries to deliver it at once. */
  send: (message: MailMessage) => Promise<string>;
  /**
   * Records the mail inside the caller's transaction (so it exists exactly when the caller's
   * change does); call `deliverSoon(id)` after the commit.
   */
  record: (db: Kysely<DB> | Transaction<DB>, message: MailMessage) => Promise<string>;
  deliverSoon: (id: string) => void;
  /** Delivers pending mails whose retry time has come; returns how many were sent. */
  processDue: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
}

export interface MailerOptions {
  database: Database;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
  now?: () => Date;
  /** First retry delay; doubles per attempt. */
  retryBaseMs?: number;
  maxAttempts?: number;
  pollMs?: number;
}

export const createMailer = (options: MailerOptions): Mailer => {
  const { database, logger, smtpUrl, from } = options;
  const { db } = database;
  const now = options.now ?? (() => new Date());
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 6;
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;

  const deliver = async (id: string): Promise<boolean> => {
    if (!transport) return false;
    const row = await repo.findPendingMail(db, id);
    if (!row) return false;
    const attempts = row.attempts + 1;
    try {
      await transport.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
      await repo.markMailSent(db, id, attempts, now().toISOString());
      logger.info({ mailId: id, kind: row.kind }, 'mail sent');
      return true;
    } catch (error) {
      const gaveUp = attempts >= maxAttempts;
      const next = new Date(now().getTime() + retryBaseMs * 2 ** (attempts - 1));
      await repo.markMailFailed(db, id, {
        attempts,
        error: error instanceof Error ? error.message : String(error),
        nextAttemptAt: gaveUp ? null : next.toISOString(),
      });
      logger.warn({ mailId: id, attempts, gaveUp, err: error }, 'mail delivery failed');
      return false;
    }
  };

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  const record: Mailer['record'] = async (target, message) => {
    const id = randomUUID();
    const createdAt = now().toISOString();
    await repo.insertMail(target, {
      id,
      ...message,
      deliverable: transport !== null,
      at: createdAt,
    });
    return id;
  };

  const deliverSoon: Mailer['deliverSoon'] = (id) => {
    // Delivery happens after the caller's answer: a slow or absent SMTP server must neither delay
    // the response nor reveal (by timing) whether an address exists.
    if (transport) {
      void track(
        deliver(id).catch((err: unknown) => logger.error({ err }, 'mail delivery crashed')),
      );
    }
  };

  const send: Mailer['send'] = async (message) => {
    const id = await record(db, message);
    if (!transport) {
      logger.info(
        {
          mailId: id,
          kind: message.kind,
          to: message.to,
          subject: message.subject,
          text: message.text,
        },
        'mail stored in outbox (no SMTP_URL configured)',
      );
      return id;
    }
    deliverSoon(id);
    return id;
  };

  const processDue: Mailer['processDue'] = async () => {
    if (!transport) return 0;
    const due = await repo.dueMailIds(db, now().toISOString(), 20);
    let sent = 0;
    for (const id of due) if (await track(deliver(id))) sent += 1;
    return sent;
  };

  return {
    send,
    record,
    deliverSoon,
    processDue,
    start: () => {
      if (!transport || timer) return;
      timer = setInterval(() => {
        processDue().catch((err: unknown) => logger.error({ err }, 'outbox retry failed'));
      }, options.pollMs ?? 15_000);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.allSettled([...inFlight]);
      transport?.close();
    },
  };
};
