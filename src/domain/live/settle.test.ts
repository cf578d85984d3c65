import { describe, expect, it } from 'vitest';
import type { FirstGoal, LiveReport, LiveSource } from './report';
import { mayMoveKickoff, settleLive, type LiveFixture, type SourceView } from './settle';

const kickoffAt = '2026-03-21T15:00:00.000Z';
const at = (minutes: number) => new Date(new Date(kickoffAt).getTime() + minutes * 60_000);

const fixture = (over: Partial<LiveFixture> = {}): LiveFixture => ({
  status: 'scheduled',
  kickoffAt,
  timeConfirmed: true,
  homeScore: null,
  awayScore: null,
  firstGoalMinute: null,
  clock: null,
  resultConfirmed: false,
  minuteConfirmed: false,
  ...over,
});

const report = (
  source: LiveSource,
  over: Partial<LiveReport> & { goal?: number | 'unknown'; ambiguous?: boolean } = {},
): LiveReport => {
  const { goal, ambiguous, ...rest } = over;
  const firstGoal: FirstGoal =
    goal === undefined
      ? { kind: 'none' }
      : goal === 'unknown'
        ? { kind: 'unknown' }
        : { kind: 'minute', minute: goal, ambiguous: ambiguous ?? false };
  return {
    source,
    matchId: '1',
    kickoffAt,
    timeConfirmed: true,
    home: ['Fulham'],
    away: ['Burnley'],
    state: 'live',
    clock: "10'",
    score: { home: 0, away: 0 },
    firstGoal,
    ...rest,
  };
};
const view = (r: LiveReport, fullTimeSince: string | null = null): SourceView => ({
  report: r,
  fullTimeSince,
});

/** Applies an outcome to the fixture the way the change path would. */
const apply = (f: LiveFixture, views: SourceView[], now: Date): LiveFixture => {
  const outcome = settleLive(f, views, now);
  return outcome ? { ...f, ...outcome.facts, ...outcome.live } : f;
};

describe('settling what the live sources say', () => {
  it('drives a fixture through a match: goal, goal disallowed, stoppage-time goal, full time', () => {
    let f = fixture();
    // Before kick-off: nothing to do.
    expect(
      settleLive(
        f,
        [view(report('espn', { state: 'scheduled', clock: null, score: null }))],
        at(-5),
      ),
    ).toBeNull();
    f = apply(f, [view(report('espn', { clock: "1'" }))], at(1));
    expect(f).toMatchObject({ status: 'live', homeScore: 0, awayScore: 0, clock: "1'" });
    f = apply(
      f,
      [view(report('espn', { clock: "23'", score: { home: 1, away: 0 }, goal: 22 }))],
      at(23),
    );
    expect(f).toMatchObject({ status: 'live', homeScore: 1, firstGoalMinute: 22, clock: "23'" });
    // VAR: the goal disappears from the source.
    f = apply(f, [view(report('espn', { clock: "26'" }))], at(27));
    expect(f).toMatchObject({
      homeScore: 0,
      awayScore: 0,
      firstGoalMinute: 0,
      resultConfirmed: false,
    });
    f = apply(
      f,
      [view(report('espn', { clock: "90'+3'", score: { home: 0, away: 1 }, goal: 90 }))],
      at(110),
    );
    expect(f).toMatchObject({ status: 'live', awayScore: 1, firstGoalMinute: 90 });
    // Full time from one source: shown, not yet confirmed.
    const ft = report('espn', {
      state: 'finished',
      clock: null,
      score: { home: 0, away: 1 },
      goal: 90,
    });
    f = apply(f, [view(ft, at(113).toISOString())], at(113));
    expect(f).toMatchObject({ status: 'live', clock: 'FT', resultConfirmed: false });
    // The second source agrees: final at once, minute confirmed.
    const ol = report('openligadb', {
      state: 'finished',
      clock: null,
      score: { home: 0, away: 1 },
      goal: 'unknown',
    });
    f = apply(f, [view(ft, at(113).toISOString()), view(ol, at(114).toISOString())], at(114));
    expect(f).toMatchObject({
      status: 'final',
      homeScore: 0,
      awayScore: 1,
      firstGoalMinute: 90,
      clock: null,
      resultConfirmed: true,
      minuteConfirmed: true,
    });
  });

  it('confirms one source alone after 10 minutes of the same full time', () => {
    const live = fixture({ status: 'live', homeScore: 2, awayScore: 1, firstGoalMinute: 14 });
    const ft = report('espn', {
      state: 'finished',
      clock: null,
      score: { home: 2, away: 1 },
      goal: 14,
    });
    const since = at(112).toISOString();
    expect(settleLive(live, [view(ft, since)], at(121))?.facts.status).toBeUndefined();
    expect(settleLive(live, [view(ft, since)], at(122))).toMatchObject({
      facts: { status: 'final' },
      live: { resultConfirmed: true, minuteConfirmed: true },
    });
  });

  it('confirms a backfilled result at once when the match kicked off over 4 hours ago', () => {
    const ft = report('openligadb', {
      state: 'finished',
      clock: null,
      score: { home: 1, away: 1 },
      goal: 'unknown',
    });
    const outcome = settleLive(fixture(), [view(ft, at(300).toISOString())], at(300));
    expect(outcome).toMatchObject({
      facts: { status: 'final', homeScore: 1, awayScore: 1 },
      live: { resultConfirmed: true, minuteConfirmed: false },
    });
  });

  it('takes the highest-ranked source, and lists a disagreement', () => {
    const espn = report('espn', {
      state: 'finished',
      clock: null,
      score: { home: 2, away: 0 },
      goal: 30,
    });
    const ol = report('openligadb', {
      state: 'finished',
      clock: null,
      score: { home: 2, away: 0 },
      goal: 31,
    });
    const outcome = settleLive(fixture({ status: 'live' }), [view(espn), view(ol)], at(120));
    expect(outcome).toMatchObject({
      facts: { status: 'final', firstGoalMinute: 30 },
      source: 'espn',
      disagreement: "first goal: espn 30', openligadb 31'",
    });
  });

  it('prefers a clear minute to an ambiguous one, and keeps an ambiguous one when alone', () => {
    const ft = { state: 'finished' as const, clock: null, score: { home: 1, away: 0 } };
    const ol = report('openligadb', { ...ft, goal: 48, ambiguous: true });
    const espn = report('espn', { ...ft, goal: 45 });
    expect(settleLive(fixture(), [view(ol), view(espn)], at(300))?.facts.firstGoalMinute).toBe(45);
    expect(settleLive(fixture(), [view(ol)], at(300))?.facts.firstGoalMinute).toBe(48);
  });

  it('never turns a confirmed result back to live, but takes a full-time correction', () => {
    const final = fixture({
      status: 'final',
      homeScore: 1,
      awayScore: 0,
      firstGoalMinute: 12,
      resultConfirmed: true,
      minuteConfirmed: true,
    });
    expect(
      settleLive(final, [view(report('espn', { score: { home: 1, away: 0 }, goal: 12 }))], at(200)),
    ).toBeNull();
    const corrected = report('espn', {
      state: 'finished',
      clock: null,
      score: { home: 1, away: 1 },
      goal: 12,
    });
    expect(settleLive(final, [view(corrected, at(150).toISOString())], at(200))).toMatchObject({
      facts: { awayScore: 1 },
      live: { resultConfirmed: true },
    });
  });

  it('postpones and cancels, and moves a kick-off only while the fixture is open', () => {
    expect(
      settleLive(
        fixture(),
        [view(report('espn', { state: 'postponed', clock: null, score: null }))],
        at(-60),
      ),
    ).toMatchObject({ facts: { status: 'postponed' } });
    expect(
      settleLive(
        fixture(),
        [view(report('espn', { state: 'cancelled', clock: null, score: null }))],
        at(-60),
      ),
    ).toMatchObject({ facts: { status: 'cancelled' } });
    const later = new Date(at(120)).toISOString();
    const moved = report('espn', {
      state: 'scheduled',
      clock: null,
      score: null,
      kickoffAt: later,
    });
    expect(settleLive(fixture(), [view(moved)], at(-60))?.facts.kickoffAt).toBe(later);
    // Once the earlier kick-off has passed, the fixture stays locked.
    expect(settleLive(fixture(), [view(moved)], at(5))).toBeNull();
    // A postponed match's old date locks nothing: its new date is taken and it is scheduled.
    const postponed = fixture({ status: 'postponed' });
    expect(settleLive(postponed, [view(moved)], at(5))).toMatchObject({
      facts: { status: 'scheduled', kickoffAt: later },
    });
  });

  it('lets a placeholder time lock nothing by itself', () => {
    const placeholder = fixture({ timeConfirmed: false });
    expect(mayMoveKickoff(placeholder, at(120).toISOString(), at(10))).toBe(true);
    expect(mayMoveKickoff(fixture(), at(120).toISOString(), at(10))).toBe(false);
    expect(mayMoveKickoff(fixture(), at(-30).toISOString(), at(-40))).toBe(true);
    expect(mayMoveKickoff(fixture(), at(-30).toISOString(), at(-20))).toBe(false);
  });
});
