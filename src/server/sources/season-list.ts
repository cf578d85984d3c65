import type { LiveReport } from '../../domain/live/report';
import type { Env } from '../env';
import type { Pace } from '../imports/pace';
import { fetchReports, type Refusal } from './read';
import type { Coverage, FixtureSource, ListedSeason } from './source';

/**
 * A competition's season as a source that lists seasons tells it (issue 50: ESPN, month by
 * month): the season is the one the source names for today's month (the next one once that
 * season has no match left to play), then every period of it is read. Nothing is applied here.
 * Never throws.
 */

export type SeasonList =
  | {
      kind: 'ok';
      season: ListedSeason;
      /** The season's matches (checked), each once, in kick-off order. */
      reports: LiveReport[];
      refusals: Refusal[];
      requests: number;
      /** Periods whose answer held the source's limit of matches (maybe cut short). */
      full: string[];
      /** Periods that could not be read. */
      failed: string[];
    }
  | {
      kind: 'failed';
      requests: number;
      /** null: no answer at all (offline). */
      status: number | null;
      error: string;
      refusals: Refusal[];
    };

export interface ListOptions {
  env: Env;
  now: Date;
  pace: Pace;
  signal?: AbortSignal;
  timeoutMs?: number;
  base?: string;
  /** Told of every request's outcome (the per-day request counts). */
  counted?: (outcome: { ok: true } | { ok: false; error: string }) => Promise<void>;
}

const day = 86_400_000;

/** The current period's key of a source's periods (today's month). */
const periodAt = (source: FixtureSource, at: Date) => {
  const iso = at.toISOString();
  return source.listsSeasons?.periods(iso, iso)[0] ?? '';
};

export const listSeason = async (
  source: FixtureSource,
  coverage: Coverage,
  options: ListOptions,
): Promise<SeasonList> => {
  const lister = source.listsSeasons;
  const refusals: Refusal[] = [];
  let requests = 0;
  const read = async (period: string) => {
    requests += 1;
    const fetched = await fetchReports(source, lister?.request(coverage, period) ?? '', {
      env: options.env,
      now: options.now,
      pace: options.pace,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.base === undefined ? {} : { base: options.base }),
    });
    if (fetched.kind === 'failed') {
      if (fetched.refusal) refusals.push(fetched.refusal);
    } else refusals.push(...fetched.refusals);
    await options.counted?.(
      fetched.kind === 'ok' ? { ok: true } : { ok: false, error: fetched.error },
    );
    return fetched;
  };
  const failed = (status: number | null, error: string): SeasonList => ({
    kind: 'failed',
    requests,
    status,
    error,
    refusals,
  });
  if (!lister) return failed(null, `${source.name} lists no seasons`);

  /** One season read whole: its periods after the one already read. */
  const readSeason = async (
    season: ListedSeason,
    first: { period: string; reports: LiveReport[]; items: number },
  ) => {
    const byId = new Map<string, LiveReport>();
    const full: string[] = [];
    const missed: string[] = [];
    const take = (period: string, reports: readonly LiveReport[], items: number) => {
      if (items >= lister.limit) full.push(period);
      const [start, end] = [Date.parse(season.start), Date.parse(season.end)];
      for (const r of reports) {
        const t = Date.parse(r.kickoffAt);
        // A month on the season's edge may list the season before or after.
        if (t >= start && t <= end) byId.set(r.matchId, r);
      }
    };
    for (const period of lister.periods(season.start, season.end)) {
      if (period === first.period) {
        take(period, first.reports, first.items);
        continue;
      }
      const answer = await read(period);
      if (answer.kind === 'failed') {
        missed.push(period);
        // No answer at all: the source is away; the rest would wait the same.
        if (answer.status === null) break;
        continue;
      }
      take(period, answer.reports, answer.items);
    }
    const reports = [...byId.values()].sort(
      (a, b) =>
        Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt) || a.matchId.localeCompare(b.matchId),
    );
    return { reports, full, missed };
  };

  const now = options.now;
  const period = periodAt(source, now);
  const answer = await read(period);
  if (answer.kind === 'failed') return failed(answer.status, answer.error);
  let season = lister.seasonOf(answer.answer);
  if (!season) return failed(200, `${source.name} names no season for ${period}`);
  let listed = await readSeason(season, { period, reports: answer.reports, items: answer.items });
  // A season over (nothing left to play) hands over to the next one once the source lists it:
  // MLS in December, a European league in June.
  const ahead = listed.reports.some((r) => Date.parse(r.kickoffAt) >= now.getTime());
  if (!ahead && listed.missed.length === 0 && Date.parse(season.end) - now.getTime() < 62 * day) {
    // The first period after the season's last (its end is an instant in UTC, the periods ESPN's).
    const last = lister.periods(season.start, season.end).at(-1) ?? period;
    const after = lister
      .periods(season.end, new Date(Date.parse(season.end) + 40 * day).toISOString())
      .find((p) => p > last);
    const next = after === undefined ? null : await read(after);
    const nextSeason = next?.kind === 'ok' ? lister.seasonOf(next.answer) : null;
    if (next?.kind === 'ok' && nextSeason && nextSeason.label !== season.label) {
      season = nextSeason;
      listed = await readSeason(season, {
        period: after ?? '',
        reports: next.reports,
        items: next.items,
      });
    }
  }
  return {
    kind: 'ok',
    season,
    reports: listed.reports,
    refusals,
    requests,
    full: listed.full,
    failed: listed.missed,
  };
};
