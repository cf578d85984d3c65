import type { Kysely } from 'kysely';
import type { DB } from './schema';

// The schedule of the jobs that run once per interval across instances (job_schedule; the
// advisory locks of job-lock.ts keep their runs apart, this keeps them to one per interval).

/**
 * Claims a scheduled job's run when it is due (`next_at` ≤ `now`, or never scheduled): one
 * statement that also moves `next_at` to `leaseUntil`, so of several instances ticking at once
 * exactly one gets the run, and a run cut short by a crash is due again at `leaseUntil`. Answers
 * the claim with the job's count of failed runs in a row, or null when it is not due.
 */
export const claimJobRun = async (
  db: Kysely<DB>,
  job: string,
  now: Date,
  leaseUntil: Date,
): Promise<{ failures: number } | null> => {
  const row = await db
    .insertInto('job_schedule')
    .values({ job, next_at: leaseUntil.toISOString(), failures: 0 })
    .onConflict((oc) =>
      oc
        .column('job')
        .doUpdateSet((eb) => ({ next_at: eb.ref('excluded.next_at') }))
        .where('job_schedule.next_at', '<=', now.toISOString()),
    )
    .returning('failures')
    .executeTakeFirst();
  return row ? { failures: Number(row.failures) } : null;
};

/** When a job runs next (null: never scheduled). */
export const jobNextRun = async (db: Kysely<DB>, job: string): Promise<Date | null> => {
  const row = await db
    .selectFrom('job_schedule')
    .select('next_at')
    .where('job', '=', job)
    .executeTakeFirst();
  return row ? new Date(row.next_at) : null;
};

/** After a run: when the job runs next and its count of failed runs in a row. */
export const scheduleJobRun = async (
  db: Kysely<DB>,
  job: string,
  nextAt: Date,
  failures: number,
) => {
  await db
    .updateTable('job_schedule')
    .set({ next_at: nextAt.toISOString(), failures })
    .where('job', '=', job)
    .execute();
};
