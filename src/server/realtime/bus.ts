import { randomUUID } from 'node:crypto';
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
  | { type: 'live'; competitionId: string; fixtureId: string; version: number }
  /**
   * Fixtures' kick-offs, status, teams or rounds changed, or fixtures were added: boards move
   * their deadlines. At most 50 ids (fixtures of a season created: none, 'several').
   */
  | { type: 'schedule'; competitionId: string; fixtureIds: string[] }
  /** A league's messages changed (posted, edited, deleted, reacted to): `version` is when, in ms. */
  | { type: 'feed'; leagueId: string; version: number }
  /** This instance may have missed events (its LISTEN connection was lost): refetch everything. */
  | { type: 'resync' };

export interface EventBus {
  /** Hands the event to this instance's subscribers at once; other instances hear it soon after. */
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

/** The longest wait between two attempts to listen again after the connection was lost. */
const maxRetryMs = 30_000;

/**
 * Several instances on PostgreSQL: NOTIFY fans each event out to every other instance's LISTEN
 * connection, which hands it to its local subscribers; an instance's own events reach its
 * subscribers at once, whatever the state of its LISTEN connection. NOTIFY goes through a pool of
 * its own, so a lost listener does not lose what this instance publishes.
 *
 * When the LISTEN connection is lost (a restarted database, a terminated backend, a cut
 * network), events of other instances published until it listens again never arrive. It
 * reconnects (after 1 s, doubling up to 30 s) and then hands its subscribers one `resync` event:
 * every open page refetches what it shows, so nothing stays stale.
 */
export const createPostgresBus = (url: string, logger: Logger): EventBus => {
  const local = createLocalBus();
  const origin = randomUUID();
  const publisher = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
  publisher.on('error', (err) => logger.warn({ err }, 'realtime NOTIFY connection lost'));
  let client: pg.Client | null = null;
  let closed = false;
  let lostOnce = false;
  let retryMs = 1000;
  let retry: NodeJS.Timeout | null = null;
  /** The NOTIFYs published so far, sent in order. */
  let sent: Promise<void> = Promise.resolve();

  const deliver = (message: pg.Notification) => {
    if (message.channel !== channel || !message.payload) return;
    try {
      const { o, e } = JSON.parse(message.payload) as { o: string; e: LiveEvent };
      if (o !== origin) void local.publish(e);
    } catch (err) {
      logger.warn({ err }, 'bad realtime payload');
    }
  };
  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    lostOnce = true;
    void c.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err }, 'realtime LISTEN connection lost; reconnecting');
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(maxRetryMs, retryMs * 2);
  };
  const listen = async () => {
    const c = new pg.Client({ connectionString: url, application_name: 'firstgoal-listen' });
    c.on('notification', deliver);
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      void c.end().catch(() => undefined);
      if (!closed) {
        logger.warn({ err }, 'realtime LISTEN failed; retrying');
        schedule();
      }
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    retryMs = 1000;
    // Whatever was published while nobody listened: every open page refetches.
    if (lostOnce) {
      logger.info('realtime LISTEN connection back; open pages resync');
      void local.publish({ type: 'resync' });
    }
  };
  void listen();
  return {
    // The caller is not held for the NOTIFY's round trip (an admin's answer would wait behind
    // the first turns of writing this instance's own streams); events go out one after another
    // in the order they were published.
    publish: async (event) => {
      if (closed) return;
      void local.publish(event);
      const payload = JSON.stringify({ o: origin, e: event });
      sent = sent.then(async () => {
        try {
          await publisher.query('select pg_notify($1, $2)', [channel, payload]);
        } catch (err) {
          // The other instances' listeners are cut too: they resync when they listen again.
          logger.warn({ err }, 'realtime NOTIFY failed');
        }
      });
    },
    subscribe: local.subscribe,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await sent;
      await local.close();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
};
