import { Worker } from 'node:worker_threads';

/**
 * Reads a source's answer off the event loop (issues 28 and 49). `JSON.parse` of a month of
 * ESPN's scoreboard (about 23 KB an event, up to 500 events) held the loop 88 ms at 500 events:
 * a worker thread decodes and parses it and keeps only what the source's reading names (a
 * `Reading`, declared by the source's module: for ESPN the scoring plays among the details and
 * the teams' names), so what crosses back is a few hundred bytes an event, and a long list
 * crosses in parts of 20, each copied onto this thread in its own turn. One worker, started on
 * first use and never holding the process open; a worker that failed is started again for the
 * next answer.
 */

/**
 * What of a value to keep: `true` keeps it whole; an object keeps those keys (each by its own
 * shape); `$items` keeps a list's items (those matching `$where`, at most `$first`).
 */
export type Keep =
  | true
  | { $items: Keep; $where?: Record<string, string | number | boolean>; $first?: number }
  | { [key: string]: Keep };

/** How a source's answers are read on the worker. */
export interface Reading {
  /**
   * Where the answer's list of matches is: a key of the answer (`events`), or absent for an
   * answer that is the list itself.
   */
  list?: string;
  /** What of each item to keep (default: all of it). */
  item?: Keep;
  /** What of the rest of the answer to keep beside its list (default: nothing). */
  rest?: Keep;
}

// Plain CommonJS run with `eval`, so it needs no TypeScript loader in the worker.
const workerSource = `
const { parentPort } = require('node:worker_threads');
const keep = (value, shape) => {
  if (shape === true || shape === undefined || value === null || typeof value !== 'object') return value;
  if (shape.$items !== undefined) {
    if (!Array.isArray(value)) return value;
    let items = value;
    const where = shape.$where;
    if (where) items = items.filter((item) => item && typeof item === 'object' &&
      Object.keys(where).every((k) => item[k] === where[k]));
    if (shape.$first !== undefined) items = items.slice(0, shape.$first);
    return items.map((item) => keep(item, shape.$items));
  }
  if (Array.isArray(value)) return value;
  const out = {};
  for (const k of Object.keys(shape)) if (value[k] !== undefined) out[k] = keep(value[k], shape[k]);
  return out;
};
// A long list crosses back in parts: each is copied onto the main thread in its own turn.
const part = 20;
parentPort.on('message', ({ id, reading, buffer }) => {
  try {
    const value = JSON.parse(new TextDecoder().decode(buffer));
    const keyed = reading.list !== undefined;
    const list = keyed
      ? (value && typeof value === 'object' && Array.isArray(value[reading.list]) ? value[reading.list] : null)
      : (Array.isArray(value) ? value : null);
    if (!list) return parentPort.postMessage({ id, value });
    for (let i = 0; i < list.length; i += part) {
      const items = list.slice(i, i + part);
      parentPort.postMessage({ id, items: reading.item ? items.map((item) => keep(item, reading.item)) : items });
    }
    const rest = keyed ? { ...keep(value, reading.rest || {}), [reading.list]: [] } : [];
    parentPort.postMessage({ id, value: rest, list: keyed ? reading.list : null });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/**
 * A part of a list (`items`), or the end: the value (with the list's key, `list`, for the items
 * received in parts) or an error.
 */
type Reply = {
  id: number;
  items?: unknown[];
  value?: unknown;
  list?: string | null;
  error?: string;
};

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (reply: Reply) => void>();
/** The parts of a list received so far, by request. */
const parts = new Map<number, unknown[]>();

/** The list put back: under its key in the answer, or as the answer that is a list. */
const withItems = (value: unknown, items: unknown[], list: string | null | undefined) =>
  Array.isArray(value) || !list
    ? [...items, ...(value as unknown[])]
    : { ...(value as object), [list]: items };

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
    resolve?.(
      items.length === 0 ? reply : { ...reply, value: withItems(reply.value, items, reply.list) },
    );
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
 * The JSON of an answer, parsed on the worker (only what the reading keeps). Rejects with the
 * parser's message when the answer is not JSON.
 */
export const parseAnswer = (buffer: ArrayBuffer, reading: Reading = {}) =>
  new Promise<unknown>((resolve, reject) => {
    const id = (nextId += 1);
    const current = workerFor();
    // Held open only while an answer is being read.
    current.ref();
    waiting.set(id, (reply) =>
      reply.error === undefined ? resolve(reply.value) : reject(new Error(reply.error)),
    );
    current.postMessage({ id, reading, buffer }, [buffer]);
  });
