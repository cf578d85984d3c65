import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type { AppBindings } from '../context';
import { clientAddress } from '../http/router';
import { findLeague } from '../leagues/service';
import { leagueStreams } from './league-streams';
import { takeStreamPlace } from './stream-limit';

/**
 * Server-Sent Events for a league's pages: 'standings' whenever results of the league's
 * competition are (re)scored, so tables move without a reload; 'live' (fixture ids and versions,
 * nothing else) whenever a match of it in play moves. Readable like the league page. At most
 * LIVE_STREAMS_PER_ADDRESS open at once per client address (429 beyond). The stream is written
 * straight to Node's response (league-streams.ts); served without one (an in-process request),
 * the answer is the stream's first event and the client's EventSource comes back in 5 s.
 */
export const realtimeRoutes = new Hono<AppBindings>().get('/leagues/:leagueId', async (c) => {
  const { bus, env, logger } = c.get('services');
  const giveBack = takeStreamPlace(clientAddress(c), env.LIVE_STREAMS_PER_ADDRESS);
  const league = await findLeague(c.get('services'), {
    leagueId: c.req.param('leagueId'),
  }).catch((error: unknown) => {
    giveBack();
    throw error;
  });
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) {
    giveBack();
    return c.body(
      `retry: 5000\nevent: ready\ndata: ${JSON.stringify({ leagueId: league.id })}\n\n`,
      200,
      {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
      },
    );
  }
  leagueStreams(bus, logger).open(league, outgoing, giveBack);
  // The response is Node's own now: the adapter writes nothing more.
  return RESPONSE_ALREADY_SENT;
});
