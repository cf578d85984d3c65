import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * Something changed that open pages should show: results of a competition were (re)scored, a
 * league's table moved, or a fixture in play moved (its score, minute or clock: `version` is when,
 * in ms, so a page can tell a signal it has acted on from a newer one).
 */
export type LiveEvent =
  | { type: 'results'; competitionId: string; fixtureId: string }
  | { type: 'league'; leagueId: string }
  | { type: 'live'; competitionId: string; fixtureId: string; version: number };

export interface EventBus {
  publish: (event: LiveEvent) => Promise<void>;
  /** `onEnd` runs when the bus closes (shutdown), so open streams can finish. */
  subscribe: (listener: (event: LiveEvent) => void, onEnd?: () => void) => () => void;
  close: () => Promise<void>;
}

const channel = 'firstgoal_events';

/** One process: an in-memory emitter. */
export const createLocalBus = (): EventBus => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (event) => {
      emitter.emit('event', event);
    },
    subscribe: (listener, onEnd) => {
      emitter.on('event', listener);
      if (onEnd) emitter.once('end', onEnd);
      return () => {
        emitter.off('event', listener);
        if (onEnd) emitter.off('end', onEnd);
      };
    },
    close: async () => {
      emitter.emit('end');
      emitter.removeAllListeners();
    },
  };
};

/**
 * Several instances on PostgreSQL: NOTIFY fans each event out to every instance's LISTEN
 * connection, which hands it to its local subscribers (including the publisher's own).
 */
export const createPostgresBus = (url: string, logger: Logger): EventBus => {
  const local = createLocalBus();
  let client: pg.Client | null = null;
  let closed = false;
  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        void local.publish(JSON.parse(message.payload) as LiveEvent);
      } catch (err) {
        logger.warn({ err }, 'bad realtime payload');
      }
    });
    c.on('error', (err) => {
      logger.warn({ err }, 'realtime connection lost; reconnecting');
      client = null;
      if (!closed) setTimeout(() => void ensure().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`listen ${channel}`);
    return c;
  };
  let connecting: Promise<pg.Client> | null = null;
  const ensure = async () => {
    if (client) return client;
    connecting ??= connect().then((c) => {
      client = c;
      connecting = null;
      return c;
    });
    return connecting;
  };
  void ensure().catch((err: unknown) => logger.warn({ err }, 'realtime LISTEN failed'));
  return {
    publish: async (event) => {
      if (closed) return;
      const c = await ensure();
      await c.query('select pg_notify($1, $2)', [channel, JSON.stringify(event)]);
    },
    subscribe: local.subscribe,
    close: async () => {
      closed = true;
      await local.close();
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
};
