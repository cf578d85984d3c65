import type { Services } from '../context';
import { jobLockKeys, withJobLock } from '../db/job-lock';
import { runReminders } from '../reminders/service';
import { repeat } from './repeat';

/**
 * One reminder run across instances (an advisory lock on PostgreSQL); the database claim in
 * runReminders would keep it to one mail per player and round anyway, this saves the work.
 * `{ locked: false }` when another instance is running it.
 */
export const runRemindersOnce = (services: Services, now: Date) =>
  withJobLock(services.database, jobLockKeys.reminders, () => runReminders(services, now));

/** Checks every 10 minutes for rounds starting within 24 hours. */
export const startReminderJob = (services: Services, everyMs = 10 * 60_000) =>
  repeat(services.logger, 'reminder run failed', () => runRemindersOnce(services, services.now()), {
    firstInMs: 5_000,
    everyMs,
  });
