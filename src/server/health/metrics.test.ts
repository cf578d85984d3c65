import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { listen } from '../../../tests/setup/listen';
import { appPerFile, createTestApp } from '../../../tests/setup/test-app';

// Issue 30, 'Operable': /metrics in Prometheus's text format, behind METRICS_TOKEN (unset: 404).

const token = 'a-long-metrics-token-for-tests';
const t = appPerFile({ env: { METRICS_TOKEN: token } });
let server: Awaited<ReturnType<typeof listen>>;
let leagueId = '';
beforeAll(async () => {
  leagueId = (await createLeague(await player(t), 'Metrics League', 'Counters')).league.id;
  server = await listen(t);
});
afterAll(() => server.close());

const scrape = async (authorization?: string) =>
  t.app.request('/metrics', { headers: authorization ? { authorization } : {} });

/** The value of one sample (name and labels as Prometheus prints them), or undefined. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.request('/metrics', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    } finally {
      await off.close();
    }
  });

  it('asks for the Bearer token, in the error envelope', async () => {
    for (const header of [undefined, 'Bearer wrong', token, `Basic ${token}`]) {
      const res = await scrape(header);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(body.error.code).toBe('UNAUTHENTICATED');
      expect(typeof body.error.requestId).toBe('string');
    }
  });

  it('counts requests per route pattern with their latency, and reads the process figures', async () => {
    const standings = `/api/leagues/${leagueId}/standings`;
    const route = '/api/leagues/:leagueId/standings';
    const before = sample(
      await (await scrape(`Bearer ${token}`)).text(),
      `firstgoal_http_requests_total{method="GET",route="${route}",status="200"}`,
    );
    for (let i = 0; i < 3; i += 1) expect((await t.agent().get(standings)).status).toBe(200);
    // An open event stream of a league page, held while the figures are read.
    const stream = await fetch(`${server.url}/api/live/leagues/${leagueId}`);
    expect(stream.status).toBe(200);

    const res = await scrape(`bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(
      sample(text, `firstgoal_http_requests_total{method="GET",route="${route}",status="200"}`),
    ).toBe((before ?? 0) + 3);
    expect(
      sample(text, `firstgoal_http_request_duration_seconds_count{method="GET",route="${route}"}`),
    ).toBeGreaterThanOrEqual(3);
    // Never a label per league: the path's id is not in the figures.
    expect(text).not.toContain(leagueId);
    expect(sample(text, 'firstgoal_event_streams_open')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'firstgoal_tally_backlog')).toBe(0);
    const dialect = t.services.database.dialect;
    expect(sample(text, `firstgoal_db_pool_connections{dialect="${dialect}"}`)).toBeGreaterThan(0);
    expect(
      sample(text, `firstgoal_db_query_duration_seconds_count{dialect="${dialect}",kind="select"}`),
    ).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE firstgoal_live_polls_total counter');
    await stream.body?.cancel();
  });
});
