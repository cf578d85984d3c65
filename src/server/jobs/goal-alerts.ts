import type { Services } from '../context';
import { sendGoalAlerts } from '../push/goal-alerts';

/**
 * Goal alerts follow the event bus (issue 29): a fixture in play that moved ('live') or was
 * scored ('results') gets its alerts sent in the background, a second later — the poll that saw
 * the goal never waits for them, and open pages are served their refresh first. One run per fixture at a time; a move heard meanwhile runs it again after.
 * On PostgreSQL every instance hears every event; the claims in push_sends keep each message to
 * one send. Returns the function that stops it (its promise resolves when runs have ended).
 */
export const startGoalAlerts = (services: Services, { retryMs = 5_000, afterMs = 1_000 } = {}) => {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const run = (fixtureId: string) => {
    if (stopped) return;
    if (running.has(fixtureId)) {
      again.add(fixtureId);
      return;
    }
    const done = (async () => {
      try {
        const outcome = await sendGoalAlerts(services, fixtureId);
        // Full time waits for the points: looked at again until the scoring run has ended.
        if (outcome.waiting && !stopped) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            run(fixtureId);
          }, retryMs);
          timer.unref();
          timers.add(timer);
        }
      } catch (err) {
        services.logger.error({ err, fixtureId }, 'goal alerts failed');
      }
    })().finally(() => {
      running.delete(fixtureId);
      if (again.delete(fixtureId)) run(fixtureId);
    });
    running.set(fixtureId, done);
  };

  // The open pages refetch first (their tables and races after the stream's signal); the
  // alerts follow a moment later, events of a fixture meanwhile making one run.
  const soon = new Set<string>();
  const unsubscribe = services.bus.subscribe((event) => {
    if (event.type !== 'live' && event.type !== 'results') return;
    const { fixtureId } = event;
    if (soon.has(fixtureId)) return;
    soon.add(fixtureId);
    const timer = setTimeout(() => {
      timers.delete(timer);
      soon.delete(fixtureId);
      run(fixtureId);
    }, afterMs);
    timer.unref();
    timers.add(timer);
  });
  return async () => {
    stopped = true;
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
    await Promise.all(running.values());
  };
};
