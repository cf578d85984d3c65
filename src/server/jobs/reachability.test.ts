import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReachability } from './reachability';

const recorder = () => {
  const lines: { level: number; msg: string; sources?: string[] }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
};
const settle = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  vi.useRealTimers();
});

describe('what the jobs say about unreachable sources', () => {
  it('offline, the sources that go within the gathering time are named in one warning', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { logger, lines } = recorder();
    const reach = createReachability(logger, { gatherMs: 20_000 });
    reach.away('openfootball', 'ENOTFOUND');
    vi.advanceTimersByTime(5_000);
    reach.away('ESPN', 'ENOTFOUND');
    reach.away('OpenLigaDB', 'ENOTFOUND');
    reach.away('ESPN', 'still');
    await settle();
    expect(lines).toHaveLength(0);
    vi.advanceTimersByTime(15_000);
    vi.useRealTimers();
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, sources: ['openfootball', 'ESPN', 'OpenLigaDB'] });
    expect(lines[0]?.msg).toMatch(/^openfootball, ESPN and OpenLigaDB cannot be reached; /);
    // Still away on later runs: nothing more; back: one line each.
    reach.away('ESPN');
    reach.back('ESPN');
    reach.back('ESPN');
    await settle();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, lines[0]?.msg],
      [30, 'ESPN can be reached again'],
    ]);
  });

  it('a source back before the warning is dropped from it; alone it warns at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { logger, lines } = recorder();
    const gathered = createReachability(logger, { gatherMs: 1_000 });
    gathered.away('ESPN');
    gathered.away('OpenLigaDB');
    gathered.back('ESPN');
    gathered.flush();
    const alone = createReachability(logger);
    alone.away('openfootball');
    vi.useRealTimers();
    await settle();
    expect(lines.map((l) => l.msg.split(';')[0])).toEqual([
      'OpenLigaDB cannot be reached',
      'openfootball cannot be reached',
    ]);
    // Known to have been away in another instance: said when back although not seen here.
    alone.back('football-data.org', true);
    alone.back('nothing-seen');
    await settle();
    expect(lines.at(-1)?.msg).toBe('football-data.org can be reached again');
    expect(lines).toHaveLength(3);
  });
});
