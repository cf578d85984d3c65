import type { RefusalReason } from '../../domain/sources/checks';
import { describeFetchError } from '../errors';

/**
 * Every request to a fixture source goes through here (issue 49): a source's answer is outside
 * input, so its transport is bounded before a byte is believed. Redirects are followed only to
 * the host of the source's configured URL, at most 3; an answer is read as a stream and
 * abandoned past the cap (after decompression, so a gzip bomb costs at most the cap); each
 * request has its own timeout and may share a run's deadline. Never throws.
 */

export interface AnswerRequest {
  url: string;
  /** The source's configured URL: redirects may go to its host only. */
  base: string;
  headers?: Record<string, string>;
  /** The most an answer may hold once decompressed. */
  maxBytes: number;
  timeoutMs: number;
  /** The run's deadline, when it has one. */
  signal?: AbortSignal;
}

export type Answer =
  | { ok: true; url: string; status: number; bytes: ArrayBuffer }
  | {
      ok: false;
      url: string;
      /** The status the source answered with; null: no (whole) answer. */
      status: number | null;
      error: string;
      /** Set when the answer was refused by a check of ours rather than failing. */
      refused?: Extract<RefusalReason, 'too-large' | 'redirect' | 'timeout'>;
    };

export const maxRedirects = 3;
/** The event loop gets a turn after each of these many bytes read. */
const turnBytes = 64 * 1024;
const redirects = new Set([301, 302, 303, 307, 308]);

/** A redirect's target is the source's own host (an upgrade to https on its name is too). */
const sameHost = (target: URL, base: URL) => {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.hostname.toLowerCase() !== base.hostname.toLowerCase()) return false;
  return target.port === base.port || (target.protocol === 'https:' && target.port === '');
};

/** The body, read chunk by chunk and given up past `maxBytes`. */
const readCapped = async (
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<ArrayBuffer | null> => {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let sinceTurn = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    // Chunks already buffered resolve as microtasks, one after another in the same turn: a fast
    // sender would hold the event loop for the whole answer without these turns.
    sinceTurn += value.byteLength;
    if (sinceTurn >= turnBytes) {
      sinceTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole.buffer;
};

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** One answer of a source, bounded in redirects, size and time. */
export const fetchAnswer = async (request: AnswerRequest): Promise<Answer> => {
  const base = new URL(request.base);
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  let url = request.url;
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await fetch(url, {
        headers: { accept: 'application/json', ...request.headers },
        redirect: 'manual',
        signal,
      });
      if (redirects.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        const target = location ? new URL(location, url) : null;
        if (!target || hop >= maxRedirects || !sameHost(target, base))
          return {
            ok: false,
            url: request.url,
            status: response.status,
            error: !target
              ? `HTTP ${response.status} without a location`
              : hop >= maxRedirects
                ? `more than ${maxRedirects} redirects`
                : `a redirect to another host (${target.host})`,
            refused: 'redirect',
          };
        url = target.toString();
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, url, status: response.status, error: `HTTP ${response.status}` };
      }
      const tooLarge = {
        ok: false as const,
        url,
        status: response.status,
        error: `an answer over ${request.maxBytes} bytes`,
        refused: 'too-large' as const,
      };
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > request.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        return tooLarge;
      }
      if (!response.body)
        return { ok: true, url, status: response.status, bytes: new ArrayBuffer(0) };
      const bytes = await readCapped(response.body, request.maxBytes);
      if (!bytes) return tooLarge;
      return { ok: true, url, status: response.status, bytes };
    }
  } catch (error) {
    if (isTimeout(error) || signal.aborted)
      return {
        ok: false,
        url,
        status: null,
        error: timeout.aborted
          ? `no whole answer within ${request.timeoutMs / 1000} s`
          : 'the run ran out of time',
        refused: 'timeout',
      };
    return { ok: false, url, status: null, error: describeFetchError(error) };
  }
};
