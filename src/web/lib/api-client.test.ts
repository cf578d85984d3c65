import { afterEach, describe, expect, it, vi } from 'vitest';
import { onceFetch } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server that answers each request after `ms`, counting what reached it. */
const serve = (ms: number) => {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(`${init?.method ?? 'GET'} ${String(input)} ${String(init?.body ?? '')}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return new Response(JSON.stringify({ n: seen.length }), { status: 200 });
    }),
  );
  return seen;
};

describe('writes go once per tap burst', () => {
  it('a double click shares the first write’s answer; each caller reads it', async () => {
    const seen = serve(20);
    const save = () => onceFetch('/api/predictions', { method: 'PUT', body: '{"a":1}' });
    const [first, second] = await Promise.all([save(), save()]);
    expect(seen).toHaveLength(1);
    expect(await first.json()).toEqual({ n: 1 });
    expect(await second.json()).toEqual({ n: 1 });
    // Once answered, the same write goes again (a later tap is a new save).
    await save();
    expect(seen).toHaveLength(2);
  });

  it('different writes, reads and form bodies all go', async () => {
    const seen = serve(5);
    await Promise.all([
      onceFetch('/api/predictions', { method: 'PUT', body: '{"a":1}' }),
      onceFetch('/api/predictions', { method: 'PUT', body: '{"a":2}' }),
      onceFetch('/api/leagues', { method: 'GET' }),
      onceFetch('/api/leagues', { method: 'GET' }),
      onceFetch('/api/admin/import', { method: 'POST', body: new FormData() }),
      onceFetch('/api/admin/import', { method: 'POST', body: new FormData() }),
    ]);
    expect(seen).toHaveLength(6);
  });
});
