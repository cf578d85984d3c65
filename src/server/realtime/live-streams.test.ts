import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { listen } from '../../../tests/setup/listen';
import { appPerFile } from '../../../tests/setup/test-app';
import { streamsHeld } from './stream-limit';

// Issue 26, item 9b: open event streams are capped per client address (default 20). TRUST_PROXY
// lets the test pose as clients at different addresses.

const t = appPerFile({ env: { TRUST_PROXY: 'true' } });
let leagueId = '';
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  leagueId = (await createLeague(await player(t), 'Live League', 'Streamers')).league.id;
  server = await listen(t);
});
afterAll(() => server.close());

const open: Response[] = [];
const stream = async (ip: string) => {
  const res = await fetch(`${server.url}/api/live/leagues/${leagueId}`, {
    headers: { 'x-forwarded-for': ip },
  });
  if (res.status === 200) open.push(res);
  return res;
};
// What a browser closing its tab does: the stream ends and its place is given back once the
// server sees the connection go.
const close = async (res: Response) => {
  open.splice(open.indexOf(res), 1);
  await res.body?.cancel();
};
const settled = async (ip: string, held: number) => {
  const deadline = Date.now() + 5000;
  while (streamsHeld(ip) !== held && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
  expect(streamsHeld(ip)).toBe(held);
};
afterEach(async () => {
  for (const res of [...open]) await close(res);
});

describe('live streams per address', () => {
  it('open 20 from one address, refuse the 21st with 429, and open again once one ends', async () => {
    const first = [];
    for (let i = 0; i < 20; i += 1) first.push(await stream('10.26.0.1'));
    expect(first.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(first[0]?.headers.get('content-type')).toContain('text/event-stream');

    const over = await stream('10.26.0.1');
    expect(over.status).toBe(429);
    const body = (await over.json()) as { error: { code: string; requestId?: string } };
    expect(body.error.code).toBe('TOO_MANY_STREAMS');
    expect(typeof body.error.requestId).toBe('string');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another address is not affected.
    expect((await stream('10.26.0.2')).status).toBe(200);

    const [ended] = first;
    if (!ended) throw new Error('no stream');
    await close(ended);
    await settled('10.26.0.1', 19);
    expect((await stream('10.26.0.1')).status).toBe(200);
    expect((await stream('10.26.0.1')).status).toBe(429);
  });

  it('give every place back when the streams end', async () => {
    const all = [];
    for (let i = 0; i < 20; i += 1) all.push(await stream('10.26.0.3'));
    for (const res of all) await close(res);
    await settled('10.26.0.3', 0);
    const again = [];
    for (let i = 0; i < 20; i += 1) again.push((await stream('10.26.0.3')).status);
    expect(again).toEqual(Array(20).fill(200));
  });

  it('do not count a league that does not exist', async () => {
    for (let i = 0; i < 25; i += 1) {
      const res = await fetch(`${server.url}/api/live/leagues/no-such-league`, {
        headers: { 'x-forwarded-for': '10.26.0.4' },
      });
      expect(res.status).toBe(404);
    }
    expect((await stream('10.26.0.4')).status).toBe(200);
  });
});
