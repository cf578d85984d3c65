import type { FixtureStatus } from '../fixtures';
import { isAhead, movesKickoffFarEarlier } from '../sources/checks';
import type { LiveReport, LiveSource } from './report';

/**
 * From what the live sources say about one fixture to what the fixture becomes (issue 28):
 * provisional while the match is on, confirmed once the result is sure. Pure; the live job
 * stores the outcome through the results' change path, which keeps an admin's hand and a
 * stronger source's facts (decision 020).
 */

/** The fixture as the live job reads it. */
export interface LiveFixture {
  status: FixtureStatus;
  kickoffAt: string;
  timeConfirmed: boolean;
  homeScore: number | null;
  awayScore: number | null;
  firstGoalMinute: number | null;
  clock: string | null;
  resultConfirmed: boolean;
  minuteConfirmed: boolean;
}

/** One source's latest report of the fixture, and since when it has said this full time. */
export interface SourceView {
  report: LiveReport;
  /** ISO: the first time this source reported the full-time score it reports now; else null. */
  fullTimeSince: string | null;
  /**
   * The source's full time is a confirmed result by itself (a results service such as
   * football-data, declared by the source); otherwise two sources or ten minutes confirm it.
   */
  confirmsAlone?: boolean;
}

export interface LiveOutcome {
  /** Facts for the change path (only those that differ from the fixture). */
  facts: {
    status?: FixtureStatus;
    homeScore?: number | null;
    awayScore?: number | null;
    firstGoalMinute?: number | null;
    kickoffAt?: string;
    timeConfirmed?: boolean;
  };
  /** The live fields, written beside the facts (a clock tick alone is not audited). */
  live: { clock: string | null; resultConfirmed: boolean; minuteConfirmed: boolean };
  /** The source whose facts these are (the highest-ranked that reported them). */
  source: LiveSource;
  /**
   * Sources that disagree on the full-time score or the minute, or that say a match still ahead
   * is in play or over, for the admins' overview.
   */
  disagreement: string | null;
  /** A kick-off moved more than 2 hours earlier by one source alone: held (issue 49). */
  held?: 'kickoff';
}

/** A full-time result is confirmed by one source alone after this long. */
export const confirmAfterMs = 10 * 60_000;
/** …or at once for a match that kicked off this long ago (a backfill). */
export const backfillAfterMs = 4 * 3_600_000;

const same = (a: { home: number; away: number } | null, b: { home: number; away: number } | null) =>
  !!a && !!b && a.home === b.home && a.away === b.away;

/**
 * Whether a kick-off a source names may replace ours: the fixture is still open — neither the
 * old kick-off (unless a placeholder or a postponed match's) nor the new one has passed.
 */
export const mayMoveKickoff = (fixture: LiveFixture, next: string, now: Date) => {
  const oldLocks = fixture.timeConfirmed && fixture.status !== 'postponed';
  const earliest = Math.min(
    new Date(next).getTime(),
    oldLocks ? new Date(fixture.kickoffAt).getTime() : Number.POSITIVE_INFINITY,
  );
  return now.getTime() < earliest;
};

/** The minute the sources give, the highest-ranked first; an ambiguous one only if alone. */
const minuteOf = (views: SourceView[]) => {
  const minutes = views.flatMap((v) =>
    v.report.firstGoal.kind === 'minute'
      ? [{ source: v.report.source, ...v.report.firstGoal }]
      : [],
  );
  return minutes.find((m) => !m.ambiguous) ?? minutes[0] ?? null;
};

/**
 * What the fixture becomes, given the reports of the sources that paired it, in rank order
 * (`LIVE_SOURCES`, first listed first). null: nothing to say (no source has it, or it is a
 * match not yet started that nobody moved).
 */
export const settleLive = (
  fixture: LiveFixture,
  views: readonly SourceView[],
  now: Date,
): LiveOutcome | null => {
  // A match still ahead is neither in play nor over, whatever a source says (issue 49): such a
  // report changes nothing and is listed for the admins.
  const ahead = views.filter((v) => isAhead(v.report, fixture, now));
  const aheadNote =
    ahead.length === 0
      ? null
      : ahead
          .map(
            (v) =>
              `${v.report.source}: ${
                v.report.state === 'finished'
                  ? `full time ${v.report.score?.home ?? '?'}–${v.report.score?.away ?? '?'}`
                  : 'in play'
              } before kick-off`,
          )
          .join(', ');
  const believed = ahead.length === 0 ? views : views.filter((v) => !ahead.includes(v));
  // A source that has not seen the match start does not outvote one that has.
  const ranked = believed.filter((v) => v.report.state !== 'scheduled');
  const lead = ranked[0] ?? believed[0];
  const first = views[0];
  if (!lead)
    return first && aheadNote
      ? finish(fixture, {}, liveFieldsOf(fixture), first.report.source, aheadNote)
      : null;
  const facts: LiveOutcome['facts'] = {};
  const report = lead.report;
  const started = now.getTime() >= new Date(fixture.kickoffAt).getTime();
  const settled = fixture.status === 'final' && fixture.resultConfirmed;

  // The schedule: a moved kick-off while open, postponed and cancelled matches. A kick-off one
  // source moves more than 2 hours earlier waits for a second source or an admin.
  let held: 'kickoff' | undefined;
  if (report.state === 'scheduled' || report.state === 'postponed') {
    const moved =
      report.timeConfirmed &&
      new Date(report.kickoffAt).getTime() !== new Date(fixture.kickoffAt).getTime();
    if (moved && mayMoveKickoff(fixture, report.kickoffAt, now)) {
      const others = believed
        .filter((v) => v.report.source !== report.source && v.report.timeConfirmed)
        .map((v) => v.report.kickoffAt);
      if (movesKickoffFarEarlier(fixture, report.kickoffAt, others)) held = 'kickoff';
      else {
        facts.kickoffAt = report.kickoffAt;
        facts.timeConfirmed = true;
      }
    }
  }
  const heldNote =
    held === undefined ? null : `${report.source}: kick-off moved earlier to ${report.kickoffAt}`;
  const note = [aheadNote, heldNote].filter((n) => n !== null).join('; ') || null;
  if (report.state === 'postponed' || report.state === 'cancelled') {
    if (fixture.status === 'final') return null;
    facts.status = report.state;
    return withHeld(finish(fixture, facts, idle, report.source, note), held);
  }
  if (report.state === 'scheduled') {
    if (fixture.status === 'postponed' && facts.kickoffAt) facts.status = 'scheduled';
    // Made live by a source before its kick-off and every source now says it has not started
    // (a report believed before issue 49): back to scheduled, without a score.
    if (fixture.status === 'live' && !started && ranked.length === 0) {
      facts.status = 'scheduled';
      facts.homeScore = null;
      facts.awayScore = null;
      facts.firstGoalMinute = null;
      return withHeld(finish(fixture, facts, idle, report.source, note), held);
    }
    // Nothing moved: a fixture in play stays as its sources left it.
    return Object.keys(facts).length > 0 || note !== null
      ? withHeld(finish(fixture, facts, liveFieldsOf(fixture), report.source, note), held)
      : null;
  }

  // In play or finished: the score of the highest-ranked source that has one.
  const scored = ranked.filter((v) => v.report.score !== null && v.report.state !== 'scheduled');
  const top = scored[0];
  if (!top || !top.report.score) return null;
  const score = top.report.score;
  const fullTime = scored.filter((v) => v.report.state === 'finished');
  const agreeing = fullTime.filter((v) => same(v.report.score, score));
  const kickedOff = new Date(fixture.kickoffAt).getTime();
  const confirmed =
    top.report.state === 'finished' &&
    started &&
    (agreeing.length >= 2 ||
      top.confirmsAlone === true ||
      (top.fullTimeSince !== null &&
        now.getTime() - new Date(top.fullTimeSince).getTime() >= confirmAfterMs) ||
      now.getTime() - kickedOff >= backfillAfterMs);
  const scores = fullTime.map(
    (v) => `${v.report.source} ${v.report.score?.home}–${v.report.score?.away}`,
  );
  const disagreeOnScore =
    new Set(fullTime.map((v) => `${v.report.score?.home}-${v.report.score?.away}`)).size > 1;

  const goalless = score.home + score.away === 0;
  const minute = goalless ? null : minuteOf(scored.filter((v) => same(v.report.score, score)));
  const minutes = new Set(
    scored.flatMap((v) =>
      v.report.firstGoal.kind === 'minute' ? [v.report.firstGoal.minute] : [],
    ),
  );
  const disagreeing = disagreeOnScore
    ? `full time: ${scores.join(', ')}`
    : minutes.size > 1
      ? `first goal: ${scored
          .flatMap((v) =>
            v.report.firstGoal.kind === 'minute'
              ? [`${v.report.source} ${v.report.firstGoal.minute}'`]
              : [],
          )
          .join(', ')}`
      : null;

  const disagreement = [disagreeing, aheadNote].filter((n) => n !== null).join('; ') || null;
  if (!started && top.report.state !== 'finished') return null;
  // A confirmed result changes only by a confirmed full time (a correction), never back to live.
  if (settled && (top.report.state !== 'finished' || !confirmed)) return null;
  facts.status = confirmed ? 'final' : 'live';
  facts.homeScore = score.home;
  facts.awayScore = score.away;
  facts.firstGoalMinute = goalless ? 0 : (minute?.minute ?? null);
  const live = {
    clock: confirmed ? null : top.report.state === 'finished' ? 'FT' : top.report.clock,
    resultConfirmed: confirmed,
    minuteConfirmed: confirmed && (goalless || minute !== null),
  };
  return finish(fixture, facts, live, top.report.source, disagreement);
};

const idle = { clock: null, resultConfirmed: false, minuteConfirmed: false };

const withHeld = (outcome: LiveOutcome | null, held: 'kickoff' | undefined) =>
  outcome && held ? { ...outcome, held } : outcome;

const liveFieldsOf = (f: LiveFixture) => ({
  clock: f.clock,
  resultConfirmed: f.resultConfirmed,
  minuteConfirmed: f.minuteConfirmed,
});

/** Keeps only the facts that differ; null when neither facts nor live fields change. */
const finish = (
  fixture: LiveFixture,
  facts: LiveOutcome['facts'],
  live: LiveOutcome['live'],
  source: LiveSource,
  disagreement: string | null,
): LiveOutcome | null => {
  const differing: LiveOutcome['facts'] = {};
  if (facts.status !== undefined && facts.status !== fixture.status)
    differing.status = facts.status;
  if (facts.homeScore !== undefined && facts.homeScore !== fixture.homeScore)
    differing.homeScore = facts.homeScore;
  if (facts.awayScore !== undefined && facts.awayScore !== fixture.awayScore)
    differing.awayScore = facts.awayScore;
  if (facts.firstGoalMinute !== undefined && facts.firstGoalMinute !== fixture.firstGoalMinute)
    differing.firstGoalMinute = facts.firstGoalMinute;
  if (facts.kickoffAt !== undefined) {
    differing.kickoffAt = facts.kickoffAt;
    differing.timeConfirmed = true;
  }
  const liveChanged =
    live.clock !== fixture.clock ||
    live.resultConfirmed !== fixture.resultConfirmed ||
    live.minuteConfirmed !== fixture.minuteConfirmed;
  if (Object.keys(differing).length === 0 && !liveChanged && disagreement === null) return null;
  return { facts: differing, live, source, disagreement };
};
