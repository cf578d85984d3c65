import type { Services } from '../context';
import { jobLockKeys, withJobLock } from '../db/job-lock';
import { runPushReminders } from '../push/service';
import { runReminders } from '../reminders/service';
import { repeat } from './repeat';

/**
 * One reminder run across instances (an advisory lock on PostgreSQL); the database claim in
 * runReminders would keep it to one mail per player and round anyway, this saves the work.
 * `{ locked: false }` when another instance is running it.
 */
export const runRemindersOnce = (services: Services, now: Date) =>
  withJobLock(services.database, jobLockKeys.reminders, async () => {
    const mail = await runReminders(services, now);
    const push = await runPushReminders(services, now);
    return { ...mail, pushed: push.sent };
  });

/**
 * Checks every 5 minutes for rounds starting within 24 hours (mail and push) and within the hour
 * (the second push).
 */
export const startReminderJob = (services: Services, everyMs = 5 * 60_000) =>
  repeat(services.logger, 'reminder run failed', () => runRemindersOnce(services, services.now()), {
    firstInMs: 5_000,
    everyMs,
  });
