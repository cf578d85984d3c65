import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { AppError } from '../errors';
import { listOutbox, requeueMail } from './repository';

/** The mail outbox as site admins see it: the newest 100 mails. */
export const outbox = ({ database }: Pick<Services, 'database'>, _admin: SessionUser) =>
  listOutbox(database.db, 100);

/** Sends a failed mail again (now, in the background). */
export const retryMail = async (
  { database, mailer }: Pick<Services, 'database' | 'mailer'>,
  _admin: SessionUser,
  { id }: { id: string },
  now: Date,
) => {
  if (!(await requeueMail(database.db, id, now))) {
    throw new AppError('NOT_FOUND', 'Mail not found or not failed.');
  }
  void mailer.processDue();
};
