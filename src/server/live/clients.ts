import { readEspnScoreboard } from '../../domain/live/espn';
import { readOpenLigaDbMatches } from '../../domain/live/openligadb';
import type { LiveReport, LiveSource } from '../../domain/live/report';
import type { Pace } from '../imports/pace';
import { parseAnswer } from './answer-reader';
import { describeFetchError } from '../errors';

/**
 * The live sources over HTTP (issue 28), keyless. Each call is one request; none throws. An
 * answer is parsed on a worker thread (answer-reader.ts) and read into reports in slices, so a
 * month of a league's matches never holds the event loop.
 */
export type Fetched =
  | { kind: 'ok'; url: string; reports: LiveReport[] }
  /** `status`: the source answered with an error (429: slow down); null: no answer at all. */
  | { kind: 'failed'; url: string; status: number | null; error: string };

const getJson = async (
  url: string,
  kind: 'espn' | 'openligadb',
  timeoutMs: number,
): Promise<{ ok: true; body: unknown } | { ok: false; status: number | null; error: string }> => {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, status: response.status, error: `HTTP ${response.status}` };
    }
    const buffer = await response.arrayBuffer();
    try {
      return { ok: true, body: await parseAnswer(buffer, kind) };
    } catch {
      return { ok: false, status: response.status, error: 'not JSON' };
    }
  } catch (error) {
    return { ok: false, status: null, error: describeFetchError(error) };
  }
};

/** Reads the items of an array answer one by one, the pace giving the event loop its turns. */
const readInSlices = async <T>(
  items: unknown[],
  read: (item: unknown) => T[],
  pace: Pace,
): Promise<T[]> => {
  const out: T[] = [];
  for (const item of items) {
    out.push(...read(item));
    await pace();
  }
  return out;
};

export interface SourceRequest {
  source: LiveSource;
  url: string;
}

/** ESPN's scoreboard of one league for a day (`YYYYMMDD`) or a month (`YYYYMM`). */
export const espnScoreboardUrl = (base: string, league: string, dates: string) =>
  `${base}/apis/site/v2/sports/soccer/${encodeURIComponent(league)}/scoreboard?dates=${dates}&limit=500`;

/** OpenLigaDB's matches of a league's season (start year), or of one matchday of it. */
export const openLigaDbUrl = (base: string, league: string, season: number, matchday?: number) =>
  `${base}/getmatchdata/${encodeURIComponent(league)}/${season}${matchday === undefined ? '' : `/${matchday}`}`;

/** One request to a source; the reports it holds, read as of `now`. */
export const fetchReports = async (
  request: SourceRequest,
  now: Date,
  pace: Pace,
  timeoutMs = 15_000,
): Promise<Fetched> => {
  const answer = await getJson(request.url, request.source, timeoutMs);
  if (!answer.ok)
    return { kind: 'failed', url: request.url, status: answer.status, error: answer.error };
  if (request.source === 'espn') {
    const events =
      answer.body && typeof answer.body === 'object' && 'events' in answer.body
        ? (answer.body as { events: unknown }).events
        : null;
    if (!Array.isArray(events))
      return { kind: 'failed', url: request.url, status: 200, error: 'no events in the answer' };
    const reports = await readInSlices(events, (e) => readEspnScoreboard({ events: [e] }), pace);
    return { kind: 'ok', url: request.url, reports };
  }
  if (!Array.isArray(answer.body))
    return { kind: 'failed', url: request.url, status: 200, error: 'not a list of matches' };
  const reports = await readInSlices(answer.body, (m) => readOpenLigaDbMatches([m], now), pace);
  return { kind: 'ok', url: request.url, reports };
};
