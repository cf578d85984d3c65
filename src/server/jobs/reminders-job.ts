import type { Services } from '../context';
import { runReminders } from '../reminders/service';

/**
 * Checks every 10 minutes for rounds starting within 24 hours. Several instances may run it at
 * once: the database claim in runReminders keeps it to one mail per player and round.
 */
export const startReminderJob = (services: Services, everyMs = 10 * 60_000) => {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runReminders(services, services.now())
      .catch((err: unknown) => services.logger.error({ err }, 'reminder run failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
};
