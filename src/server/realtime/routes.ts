import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppBindings } from '../context';
import { clientAddress } from '../http';
import { findLeague } from '../leagues/service';
import type { LiveEvent } from './bus';
import { takeStreamPlace } from './stream-limit';

const heartbeatMs = 25_000;

/**
 * Server-Sent Events for a league's pages: 'standings' whenever results of the league's
 * competition are (re)scored, so tables move without a reload; 'live' (fixture ids and versions,
 * nothing else) whenever a match of it in play moves. Readable like the league page.
 * At most LIVE_STREAMS_PER_ADDRESS open at once per client address (429 beyond).
 */
export const realtimeRoutes = new Hono<AppBindings>().get('/leagues/:leagueId', async (c) => {
  const { bus, env } = c.get('services');
  const giveBack = takeStreamPlace(clientAddress(c), env.LIVE_STREAMS_PER_ADDRESS);
  const league = await findLeague(c.get('services'), {
    leagueId: c.req.param('leagueId'),
  }).catch((error: unknown) => {
    giveBack();
    throw error;
  });
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    // Whatever ends the stream gives its place back (a place kept would shut the address out).
    try {
      let wake: (() => void) | null = null;
      let ended = false;
      const queue: LiveEvent[] = [];
      const finish = () => {
        ended = true;
        // At once, not when the loop next wakes: the client may open its next stream right away.
        giveBack();
        wake?.();
      };
      const unsubscribe = bus.subscribe((event) => {
        if (event.type !== 'league' && event.competitionId === league.competitionId)
          queue.push(event);
        if (event.type === 'league' && event.leagueId === league.id) queue.push(event);
        wake?.();
      }, finish);
      stream.onAbort(finish);
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ leagueId: league.id }) });
      while (!ended) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, heartbeatMs).unref();
        });
        wake = null;
        if (ended) break;
        const events = queue.splice(0);
        if (events.length === 0) await stream.writeSSE({ event: 'ping', data: '{}' });
        const scored = events.filter((e) => e.type !== 'live');
        if (scored.length > 0)
          await stream.writeSSE({
            event: 'standings',
            data: JSON.stringify({
              leagueId: league.id,
              fixtures: scored.map((e) => ('fixtureId' in e ? e.fixtureId : null)),
            }),
          });
        // A match in play moved: a signal without content (the stream is readable by anyone
        // with the league's link); the race and the picks come from the members' routes.
        const versions = new Map<string, number>();
        for (const e of events) if (e.type === 'live') versions.set(e.fixtureId, e.version);
        if (versions.size > 0)
          await stream.writeSSE({
            event: 'live',
            data: JSON.stringify({
              fixtures: [...versions].map(([id, version]) => ({ id, version })),
            }),
          });
      }
      unsubscribe();
    } finally {
      giveBack();
    }
  });
});
