import { expect } from 'vitest';
import { testBaseUrl, type Agent, type TestResponse } from '../setup/test-app';
import type { Outcome, Probe, Row } from './authorization-rows';
import { t, type Cell } from './authorization-world';

/*
 * How a cell of the matrix meets the server: the row's request sent as the cell's identity, each
 * from its own client address, and the answer read in the expectation's terms.
 */

/** The first event of a Server-Sent Events stream (or the refusal), then the stream closed. */
const openStream = async (agent: Agent, probe: Probe): Promise<TestResponse> => {
  const cookie = agent.cookieHeader();
  const res = await t.app.request(`${testBaseUrl}${probe.path}`, {
    headers: { origin: testBaseUrl, ...(cookie ? { cookie } : {}), ...probe.headers },
  });
  if (!res.ok || !res.body) {
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  const reader = res.body.getReader();
  const first = await reader.read();
  await reader.cancel();
  return { status: res.status, headers: res.headers, body: new TextDecoder().decode(first.value) };
};

/** The response read as an Outcome, in the expectation's own terms. */
export const outcomeOf = (res: TestResponse, expected: Outcome): string => {
  if (res.status >= 200 && res.status < 300) return 'ok';
  const [, wantsCode] = expected.split(' ');
  if (wantsCode === undefined) return String(res.status);
  const body = res.body as { error?: { code?: unknown } } | null;
  return `${res.status} ${String(body?.error?.code ?? '(no code)')}`;
};

/** Refusals carry the app's envelope, better-auth's routes included (app.ts rewrites them). */
export const expectEnvelope = (key: string, res: TestResponse) => {
  expect(res.body, `${key}: error envelope`).toEqual({
    error: expect.objectContaining({
      code: expect.any(String),
      message: expect.any(String),
      requestId: res.headers.get('x-request-id'),
    }),
  });
};

const pathMatches = (key: string, path: string) => {
  const template = key.split(' ')[1] ?? '';
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/?]+');
  return new RegExp(`^${pattern}(\\?.*)?$`).test(path);
};

let address = 0;
export const send = async (key: string, row: Row, cell: Cell): Promise<TestResponse> => {
  const method = key.split(' ')[0] ?? 'GET';
  const probe = await row.request(cell);
  expect(pathMatches(key, probe.path), `${probe.path} is not ${key}`).toBe(true);
  // Each cell is its own client (TRUST_PROXY): per-address limits (contact: 5 an hour) count
  // one request.
  address += 1;
  const headers = {
    'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    ...probe.headers,
  };
  if (row.stream) return openStream(cell.agent, { ...probe, headers });
  return cell.agent.request(method, probe.path, probe.body, headers);
};
