import { Worker } from 'node:worker_threads';

/**
 * Reads a live source's answer off the event loop (issue 28). `JSON.parse` of a month of
 * ESPN's scoreboard (about 23 KB an event, up to 500 events) held the loop 88 ms at 500 events:
 * a worker thread decodes and parses it and, for ESPN, keeps only what the parser reads (the
 * scoring plays among the details, the teams' names), so what crosses back is a few hundred
 * bytes an event, and a long list crosses in parts of 20, each copied onto this thread in its own
 * turn. One worker, started on first use and never holding the process open; a worker that failed
 * is started again for the next answer.
 */

// Plain CommonJS run with `eval`, so it needs no TypeScript loader in the worker.
const workerSource = `
const { parentPort } = require('node:worker_threads');
const pick = (o, keys) => {
  if (!o || typeof o !== 'object') return o;
  const out = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
};
const slimEvent = (e) => {
  if (!e || typeof e !== 'object') return e;
  const status = e.status && typeof e.status === 'object'
    ? { ...pick(e.status, ['displayClock', 'period']), type: pick(e.status.type, ['name', 'state', 'completed']) }
    : e.status;
  const competitions = Array.isArray(e.competitions)
    ? e.competitions.slice(0, 1).map((c) => c && typeof c === 'object' ? {
        ...pick(c, ['timeValid']),
        competitors: Array.isArray(c.competitors)
          ? c.competitors.map((p) => p && typeof p === 'object'
            ? { ...pick(p, ['id', 'homeAway', 'score']), team: pick(p.team, ['displayName', 'shortDisplayName', 'name', 'location']) }
            : p)
          : c.competitors,
        details: Array.isArray(c.details)
          ? c.details.filter((d) => d && d.scoringPlay === true).map((d) => ({
              ...pick(d, ['scoringPlay', 'shootout']),
              clock: pick(d.clock, ['displayValue']),
              team: pick(d.team, ['id']),
            }))
          : c.details,
      } : c)
    : e.competitions;
  return { ...pick(e, ['id', 'date']), status, competitions };
};
// A long list crosses back in parts: each is copied onto the main thread in its own turn.
const part = 20;
parentPort.on('message', ({ id, kind, buffer }) => {
  try {
    const value = JSON.parse(new TextDecoder().decode(buffer));
    const espn = kind === 'espn' && value && Array.isArray(value.events);
    const list = espn ? value.events : Array.isArray(value) ? value : null;
    if (!list) return parentPort.postMessage({ id, value });
    for (let i = 0; i < list.length; i += part) {
      const items = list.slice(i, i + part);
      parentPort.postMessage({ id, items: espn ? items.map(slimEvent) : items });
    }
    parentPort.postMessage({ id, value: espn ? { events: [] } : [] });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/** A part of a list (`items`), or the end: the value (holding the list's other items) or an error. */
type Reply = { id: number; items?: unknown[]; value?: unknown; error?: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (reply: Reply) => void>();
/** The parts of a list received so far, by request. */
const parts = new Map<number, unknown[]>();

/** The list put back: ESPN's events in their answer, or the answer that is a list. */
const withItems = (value: unknown, items: unknown[]) =>
  Array.isArray(value) ? [...items, ...value] : { ...(value as object), events: items };

const failAll = (error: string) => {
  for (const [id, resolve] of waiting) resolve({ id, error });
  waiting.clear();
  parts.clear();
};

const workerFor = () => {
  if (worker) return worker;
  const started = new Worker(workerSource, { eval: true, execArgv: [] });
  started.unref();
  started.on('message', (reply: Reply) => {
    const items = parts.get(reply.id) ?? [];
    if (reply.items) {
      items.push(...reply.items);
      parts.set(reply.id, items);
      return;
    }
    parts.delete(reply.id);
    const resolve = waiting.get(reply.id);
    waiting.delete(reply.id);
    resolve?.(items.length === 0 ? reply : { ...reply, value: withItems(reply.value, items) });
    if (waiting.size === 0) started.unref();
  });
  started.on('error', (error) => failAll(error.message));
  started.on('exit', () => {
    if (worker === started) worker = null;
    failAll('the reader stopped');
  });
  worker = started;
  return started;
};

/**
 * The JSON of an answer, parsed on the worker (`espn`: only the fields the parser reads).
 * Rejects with the parser's message when the answer is not JSON.
 */
export const parseAnswer = (buffer: ArrayBuffer, kind: 'espn' | 'openligadb') =>
  new Promise<unknown>((resolve, reject) => {
    const id = (nextId += 1);
    const current = workerFor();
    // Held open only while an answer is being read.
    current.ref();
    waiting.set(id, (reply) =>
      reply.error === undefined ? resolve(reply.value) : reject(new Error(reply.error)),
    );
    current.postMessage({ id, kind, buffer }, [buffer]);
  });
