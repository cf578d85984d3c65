import { externalKey, type ImportRow, type ParsedRow } from '../import';
import type { LiveReport } from '../live/report';
import type { SourceId } from './ids';

/**
 * A schedule source's facts travel as reports like every source's (issue 49) and reach the
 * import planner as rows again: the planner matches a season's rows with our fixtures, creates
 * those we lack and changes the facts a source may change. Pure.
 */

/** One parsed row of a season file as the common report. */
export const reportOfRow = (row: ParsedRow, source: SourceId): LiveReport => {
  const result = row.result;
  const goalless = result !== undefined && result.homeScore + result.awayScore === 0;
  return {
    source,
    matchId: externalKey(row.round, row.homeTeam, row.awayTeam),
    kickoffAt: row.kickoffAt,
    timeConfirmed: row.timeConfirmed,
    home: [row.homeTeam],
    away: [row.awayTeam],
    state: row.status ?? (result ? 'finished' : 'scheduled'),
    clock: null,
    score: result ? { home: result.homeScore, away: result.awayScore } : null,
    firstGoal:
      !result || goalless
        ? { kind: 'none' }
        : result.firstGoalMinute === null
          ? { kind: 'unknown' }
          : { kind: 'minute', minute: result.firstGoalMinute, ambiguous: false },
    round: row.round,
    venue: row.venue,
  };
};

/**
 * A checked report of a schedule source as the planner's row (`index`: its place in the answer;
 * `round`: the round worked out for a source that names none, instead of the report's).
 */
export const rowOfReport = (
  report: LiveReport,
  index: number,
  round: string | null | undefined = report.round,
): ImportRow => {
  const base = {
    index,
    round: round ?? '',
    homeTeam: report.home[0] ?? '',
    awayTeam: report.away[0] ?? '',
  };
  if (!round) return { ...base, ok: false, reason: 'A match without a round.' };
  const status =
    report.state === 'postponed' || report.state === 'cancelled' ? report.state : undefined;
  const score = report.state === 'finished' ? report.score : null;
  const row: ParsedRow = {
    ...base,
    ok: true,
    kickoffAt: report.kickoffAt,
    timeConfirmed: report.timeConfirmed,
    ...(status ? { status } : {}),
    venue: report.venue ?? null,
  };
  if (!score) return row;
  const goalless = score.home + score.away === 0;
  return {
    ...row,
    result: {
      homeScore: score.home,
      awayScore: score.away,
      firstGoalMinute: goalless
        ? 0
        : report.firstGoal.kind === 'minute'
          ? report.firstGoal.minute
          : null,
    },
  };
};
