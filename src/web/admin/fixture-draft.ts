import type { FixturePatch } from '../../domain/results';
import { countedMinute } from '../../domain/scoring';
import type { AdminFixtureRow } from './api';

export type FixtureStatus = AdminFixtureRow['status'];
export const fixtureStatuses: FixtureStatus[] = [
  'scheduled',
  'live',
  'final',
  'postponed',
  'cancelled',
];

/** What the admin has typed in one fixture's row, as text until it is saved. */
export interface ResultDraft {
  status: FixtureStatus;
  home: string;
  away: string;
  minute: string;
}

/** Keys under `admin.fixtures.errors` (mirrors the server's checks, so the admin sees them inline). */
export type DraftError = 'score' | 'bothScores' | 'minuteFormat' | 'minuteRange';

export interface DraftCheck {
  errors: Partial<Record<'home' | 'away' | 'minute', DraftError>>;
  homeScore: number | null;
  awayScore: number | null;
  /** The minute as it counts (45+2 → 45), null when empty or unreadable. */
  minute: number | null;
}

export const draftOf = (fixture: AdminFixtureRow): ResultDraft => ({
  status: fixture.status,
  home: fixture.homeScore === null ? '' : String(fixture.homeScore),
  away: fixture.awayScore === null ? '' : String(fixture.awayScore),
  minute: fixture.firstGoalMinute === null ? '' : String(fixture.firstGoalMinute),
});

const parseScore = (text: string): number | null | 'invalid' => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : 'invalid';
};

/** Spec §5: scores are integers (empty = null); docs/design.md §3: a result with goals needs 1-90. */
export const checkDraft = (draft: ResultDraft): DraftCheck => {
  const errors: DraftCheck['errors'] = {};
  const home = parseScore(draft.home);
  const away = parseScore(draft.away);
  if (home === 'invalid') errors.home = 'score';
  if (away === 'invalid') errors.away = 'score';
  const homeScore = home === 'invalid' ? null : home;
  const awayScore = away === 'invalid' ? null : away;
  if (!errors.home && !errors.away && (homeScore === null) !== (awayScore === null)) {
    errors[homeScore === null ? 'home' : 'away'] = 'bothScores';
  }
  const typed = draft.minute.trim();
  const minute = typed === '' ? null : countedMinute(typed);
  if (typed !== '' && minute === null) errors.minute = 'minuteFormat';
  const goals = (homeScore ?? 0) + (awayScore ?? 0);
  if (minute === 0 && goals > 0) errors.minute = 'minuteRange';
  return { errors, homeScore, awayScore, minute };
};

export const hasErrors = (check: DraftCheck) => Object.keys(check.errors).length > 0;

/** 'Save & Recalculate' needs status Final and both scores (spec §5). */
export const canCalculate = (draft: ResultDraft, check: DraftCheck) =>
  draft.status === 'final' && check.homeScore !== null && check.awayScore !== null;

/** Only what differs from the stored fixture, with the minute as typed (the server normalises). */
export const patchOf = (fixture: AdminFixtureRow, draft: ResultDraft, check: DraftCheck) => {
  const patch: FixturePatch = {};
  if (draft.status !== fixture.status) patch.status = draft.status;
  if (check.homeScore !== fixture.homeScore) patch.homeScore = check.homeScore;
  if (check.awayScore !== fixture.awayScore) patch.awayScore = check.awayScore;
  // A 0-0 stores minute 0 whatever is typed; comparing the stored value avoids a no-op change.
  const goalless = check.homeScore === 0 && check.awayScore === 0;
  const effective = goalless ? 0 : check.minute;
  if (effective !== fixture.firstGoalMinute) {
    patch.firstGoalMinute = goalless ? 0 : draft.minute.trim() || null;
  }
  return patch;
};

export const isEmptyPatch = (patch: FixturePatch) => Object.keys(patch).length === 0;
