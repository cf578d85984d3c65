import type { Transaction } from 'kysely';
import {
  builtInFixturePrefixes,
  serialiseOrigins,
  withOrigin,
  type FieldOrigin,
  type FixtureFieldGroup,
} from '../../domain/fixtures';
import { settleFirstGoalMinute } from '../../domain/scoring';
import type { SessionUser } from '../auth';
import { writeAudit } from '../audit';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { idsWithPrefix } from '../fixtures/repository';
import * as repo from './repository';
import { queueTally, untallyFixture } from '../standings/tallies';

export interface Actor {
  id: string | null;
  label: string;
  /** Recorded as the origin of the facts this actor changes (DESIGN §2). */
  origin: FieldOrigin;
}
export const actorOf = (user: SessionUser): Actor => ({
  id: user.id,
  label: user.email,
  origin: 'admin',
});

export interface ResultChange {
  homeScore?: number | null | undefined;
  awayScore?: number | null | undefined;
  firstGoalMinute?: number | null | undefined;
  status?: repo.FixtureRow['status'] | undefined;
  kickoffAt?: string | undefined;
  /** Default when the kick-off moves: confirmed (an admin or a source named the time). */
  timeConfirmed?: boolean | undefined;
  homeTeam?: string | undefined;
  awayTeam?: string | undefined;
  round?: string | undefined;
  roundOrder?: number | undefined;
  venue?: string | null | undefined;
}

export interface AppliedChange {
  fixture: repo.FixtureRow;
  /** false: the change named only what the fixture already was; nothing was written. */
  changed: boolean;
  /** A tally run was queued: points and standings move once it has run (after the commit). */
  tallying: boolean;
  /** Jokers given back because the fixture was cancelled. */
  jokersReturned: number;
}

type Facts = Omit<repo.FixtureRow, 'origins' | 'updatedAt' | 'externalId'>;

export interface ChangeOptions {
  /**
   * 'Save & Recalculate': score the fixture again even when nothing changed (it must be final
   * with both scores); audited as a recalculation.
   */
  recalculate?: boolean;
}

/** Which groups of facts differ between two states of a fixture. */
const changedGroups = (a: Facts, b: Facts): FixtureFieldGroup[] => {
  const groups: [FixtureFieldGroup, boolean][] = [
    [
      'kickoff',
      new Date(a.kickoffAt).getTime() !== new Date(b.kickoffAt).getTime() ||
        a.timeConfirmed !== b.timeConfirmed,
    ],
    ['status', a.status !== b.status],
    ['teams', a.homeTeam !== b.homeTeam || a.awayTeam !== b.awayTeam],
    ['result', a.homeScore !== b.homeScore || a.awayScore !== b.awayScore],
    ['minute', a.firstGoalMinute !== b.firstGoalMinute],
    ['round', a.round !== b.round || a.roundOrder !== b.roundOrder],
    ['venue', a.venue !== b.venue],
  ];
  return groups.filter(([, changed]) => changed).map(([group]) => group);
};

/**
 * The one path every result or schedule change takes (admin edits, imports, the sync, a
 * catalogue re-load), inside the caller's transaction: validates it, stores it with the origin of
 * each changed fact, writes the audit trail and (re)scores the fixture's predictions set-based
 * when it is final, clears their points when it stops being final, and gives jokers back when it
 * is cancelled. A fixture cannot be made final before its kick-off unless the same change moves
 * the kick-off to the past (a match brought forward). A change that changes nothing writes
 * nothing.
 */
export const applyFixtureChange = async (
  trx: Transaction<DB>,
  actor: Actor,
  fixtureId: string,
  change: ResultChange,
  now: Date,
  options: ChangeOptions = {},
): Promise<AppliedChange> => {
  const at = now.toISOString();
  const before = await repo.findFixture(trx, fixtureId);
  if (!before) throw new AppError('UNKNOWN_FIXTURE');
  const pick = <T>(value: T | undefined, current: T): T => (value !== undefined ? value : current);
  const kickoffAt = change.kickoffAt ? new Date(change.kickoffAt).toISOString() : before.kickoffAt;
  const kickoffMoved = new Date(kickoffAt).getTime() !== new Date(before.kickoffAt).getTime();
  const merged: Facts = {
    id: before.id,
    competitionId: before.competitionId,
    season: before.season,
    round: pick(change.round, before.round),
    roundOrder: pick(change.roundOrder, before.roundOrder),
    kickoffAt,
    timeConfirmed: pick(change.timeConfirmed, kickoffMoved ? true : before.timeConfirmed),
    homeTeam: pick(change.homeTeam, before.homeTeam),
    awayTeam: pick(change.awayTeam, before.awayTeam),
    venue: pick(change.venue, before.venue),
    status: pick(change.status, before.status),
    homeScore: pick(change.homeScore, before.homeScore),
    awayScore: pick(change.awayScore, before.awayScore),
    firstGoalMinute: pick(change.firstGoalMinute, before.firstGoalMinute),
  };
  if ((merged.homeScore === null) !== (merged.awayScore === null))
    throw new AppError('INVALID_RESULT', 'Enter both scores or neither.');
  if (merged.status === 'final' && (merged.homeScore === null || merged.awayScore === null))
    throw new AppError('CANNOT_CALCULATE');
  // The built-in catalogue holds played results (a server whose clock is behind still starts),
  // but only at its own kick-off: not at one an admin or a source moved into the future.
  const catalogueFacts = actor.origin === 'catalogue' && before.origins.kickoff === undefined;
  if (
    merged.status === 'final' &&
    !catalogueFacts &&
    new Date(merged.kickoffAt).getTime() > now.getTime()
  )
    throw new AppError('RESULT_BEFORE_KICKOFF');
  const settled = settleFirstGoalMinute(merged.homeScore, merged.awayScore, merged.firstGoalMinute);
  if (!settled.ok) throw new AppError('INVALID_RESULT', settled.error);
  merged.firstGoalMinute = settled.minute;

  const groups = changedGroups(before, merged);
  const recalculating = options.recalculate === true;
  if (recalculating && (merged.status !== 'final' || merged.homeScore === null))
    throw new AppError('CANNOT_CALCULATE');
  if (groups.length === 0 && !recalculating)
    return {
      fixture: before,
      changed: false,
      tallying: false,
      jokersReturned: 0,
    };
  const origins = withOrigin(before.origins, groups, actor.origin);
  if (groups.length > 0)
    await repo.updateFixture(trx, fixtureId, {
      home_score: merged.homeScore,
      away_score: merged.awayScore,
      first_goal_minute: merged.firstGoalMinute,
      status: merged.status,
      kickoff_at: merged.kickoffAt,
      time_confirmed: merged.timeConfirmed ? 1 : 0,
      home_team: merged.homeTeam,
      away_team: merged.awayTeam,
      round_label: merged.round,
      round_order: merged.roundOrder,
      venue: merged.venue,
      field_origins: serialiseOrigins(origins),
      updated_at: at,
    });
  const after = (await repo.findFixture(trx, fixtureId)) as repo.FixtureRow;
  const jokersReturned =
    after.status === 'cancelled' && before.status !== 'cancelled'
      ? await repo.returnFixtureJokers(trx, fixtureId)
      : 0;
  // The predictions' points and the standings' totals follow in a tally run after the commit
  // (standings/tallies.ts). Moving to another round first takes them out of the old round's.
  const moves =
    recalculating ||
    jokersReturned > 0 ||
    groups.some((g) => g === 'status' || g === 'result' || g === 'minute' || g === 'round');
  if (before.round !== after.round)
    await untallyFixture(trx, fixtureId, before.season, before.round);
  const tallying = moves && (await queueTally(trx, fixtureId, at));
  const audited = ({ updatedAt: _u, origins: _o, externalId: _e, ...facts }: repo.FixtureRow) =>
    facts;
  await writeAudit(
    trx,
    actor,
    groups.length === 0
      ? {
          action: 'fixture.recalculate',
          entityType: 'fixture',
          entityId: fixtureId,
          after: {
            status: after.status,
            homeScore: after.homeScore,
            awayScore: after.awayScore,
            firstGoalMinute: after.firstGoalMinute,
          },
        }
      : {
          action: 'fixture.update',
          entityType: 'fixture',
          entityId: fixtureId,
          before: audited(before),
          after: { ...audited(after), ...(jokersReturned > 0 ? { jokersReturned } : {}) },
        },
    now,
  );
  return {
    fixture: after,
    changed: true,
    tallying,
    jokersReturned,
  };
};

/** Whether open pages should hear about an applied change (after the commit). */
export const isResultEvent = (applied: AppliedChange) =>
  applied.changed && (applied.tallying || applied.fixture.status === 'final');

/** `bundesliga_2025` → `bundesliga_`; built-in competitions keep the spec's prefixes (`uwc_`). */
export const fixturePrefix = (competitionId: string) =>
  builtInFixturePrefixes[competitionId] ?? `${competitionId.replace(/_\d{4}$/, '')}_`;

/**
 * Hands out the next fixture ids of a competition (`<prefix>_<n>`, continuing the numbering).
 * Call it inside the transaction that inserts the fixtures.
 */
export const fixtureIdAllocator = async (trx: Transaction<DB>, competitionId: string) => {
  const prefix = fixturePrefix(competitionId);
  // Ids are global: another competition may share the prefix (world_cup_2022, world_cup_2026).
  let max = (await idsWithPrefix(trx, prefix)).reduce((m, id) => {
    const n = id.startsWith(prefix) ? Number(id.slice(prefix.length)) : Number.NaN;
    return Number.isInteger(n) ? Math.max(m, n) : m;
  }, 0);
  return () => {
    max += 1;
    return `${prefix}${max}`;
  };
};
