import type { Services } from '../context';
import { sendGoalAlerts } from '../push/goal-alerts';

/**
 * Goal alerts follow the event bus (issue 29): a fixture in play that moved ('live') or was
 * scored ('results') gets its alerts sent in the background — the poll that saw the goal never
 * waits for them. One run per fixture at a time; a move heard meanwhile runs it again after.
 * On PostgreSQL every instance hears every event; the claims in push_sends keep each message to
 * one send. Returns the function that stops it (its promise resolves when runs have ended).
 */
export const startGoalAlerts = (services: Services) => {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let stopped = false;

  const run = (fixtureId: string) => {
    if (stopped) return;
    if (running.has(fixtureId)) {
      again.add(fixtureId);
      return;
    }
    const done = (async () => {
      try {
        await sendGoalAlerts(services, fixtureId);
      } catch (err) {
        services.logger.error({ err, fixtureId }, 'goal alerts failed');
      }
    })().finally(() => {
      running.delete(fixtureId);
      if (again.delete(fixtureId)) run(fixtureId);
    });
    running.set(fixtureId, done);
  };

  const unsubscribe = services.bus.subscribe((event) => {
    if (event.type === 'live' || event.type === 'results') run(event.fixtureId);
  });
  return async () => {
    stopped = true;
    unsubscribe();
    await Promise.all(running.values());
  };
};
