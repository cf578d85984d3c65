import type { LiveReport } from '../../domain/live/report';
import { checkReport, type RefusalReason } from '../../domain/sources/checks';
import type { Env } from '../env';
import type { Pace } from '../imports/pace';
import { parseAnswer } from './answer-reader';
import { isRefusal, type FixtureSource } from './source';
import { fetchAnswer } from './transport';

/**
 * One request to a source, read into checked reports (issue 49): the bounded transport, the
 * source's reading on the worker thread, its parser item by item (the event loop free between
 * items) and the checks every report passes before anything may change. Never throws.
 */

export interface Refusal {
  reason: RefusalReason;
  /** What was refused, for the log and the admins: the match, or the answer. */
  detail: string;
}

export type Fetched =
  | {
      kind: 'ok';
      url: string;
      /** The answer's matches that passed the checks, in the answer's order. */
      reports: LiveReport[];
      /** Each report's place among the answer's items. */
      positions: number[];
      refusals: Refusal[];
      /** The answer beside its list, as the source's reading keeps it (`Reading.rest`). */
      answer: unknown;
      /** How many items the answer's list held (refused ones included). */
      items: number;
    }
  | {
      kind: 'failed';
      url: string;
      /** `status`: the source answered with an error (429: slow down); null: no answer at all. */
      status: number | null;
      error: string;
      /** Set when the answer was refused (too large, redirected away, not of the shape…). */
      refusal?: Refusal;
    };

export interface ReadOptions {
  env: Env;
  now: Date;
  /** The competition's time zone (a schedule file's local times). */
  timeZone?: string;
  pace: Pace;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** The run's deadline. */
  signal?: AbortSignal;
  /** The source's URL when another than the configured one (an admin's sync of a mirror). */
  base?: string;
}

const matchOf = (r: Pick<LiveReport, 'home' | 'away' | 'matchId'>) =>
  `${r.home[0] ?? '?'}–${r.away[0] ?? '?'} (${r.matchId})`;

/** One request of a source, fetched, parsed and checked. */
export const fetchReports = async (
  source: FixtureSource,
  url: string,
  options: ReadOptions,
): Promise<Fetched> => {
  const base = options.base ?? source.baseUrl(options.env);
  const answer = await fetchAnswer({
    url,
    base,
    headers: source.headers?.(options.env) ?? {},
    maxBytes: options.env.LIVE_MAX_ANSWER_BYTES,
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!answer.ok)
    return {
      kind: 'failed',
      url,
      status: answer.status,
      error: answer.error,
      ...(answer.refused ? { refusal: { reason: answer.refused, detail: answer.error } } : {}),
    };
  let value: unknown;
  try {
    value = await parseAnswer(answer.bytes, source.reading);
  } catch {
    return {
      kind: 'failed',
      url,
      status: answer.status,
      error: 'not JSON',
      refusal: { reason: 'unreadable', detail: 'an answer that is not JSON' },
    };
  }
  const items = source.listOf(value);
  if (!items)
    return {
      kind: 'failed',
      url,
      status: answer.status,
      error: `not ${source.name}'s shape of answer`,
      refusal: { reason: 'unreadable', detail: `an answer not of ${source.name}'s shape` },
    };
  const context = { now: options.now, timeZone: options.timeZone ?? 'UTC' };
  const reports: LiveReport[] = [];
  const positions: number[] = [];
  const refusals: Refusal[] = [];
  for (const [index, item] of items.entries()) {
    const read = source.readItem(item, index, context);
    await options.pace();
    if (read === null) continue;
    if (isRefusal(read)) {
      refusals.push({ reason: read.refused, detail: read.detail });
      continue;
    }
    const checked = checkReport(read);
    if (!checked.ok) {
      refusals.push({ reason: checked.reason, detail: matchOf(read).slice(0, 300) });
      continue;
    }
    reports.push(checked.value);
    positions.push(index);
  }
  return { kind: 'ok', url, reports, positions, refusals, answer: value, items: items.length };
};
