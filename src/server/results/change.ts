import type { Transaction } from 'kysely';
import { builtInFixturePrefixes } from '../../domain/fixtures';
import { settleFirstGoalMinute } from '../../domain/scoring';
import type { SessionUser } from '../auth';
import { writeAudit } from '../audit';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import * as repo from './repository';

export interface Actor {
  id: string | null;
  label: string;
}
export const actorOf = (user: SessionUser): Actor => ({ id: user.id, label: user.email });

export interface ResultChange {
  homeScore?: number | null | undefined;
  awayScore?: number | null | undefined;
  firstGoalMinute?: number | null | undefined;
  status?: repo.FixtureRow['status'] | undefined;
  kickoffAt?: string | undefined;
  homeTeam?: string | undefined;
  awayTeam?: string | undefined;
  round?: string | undefined;
  roundOrder?: number | undefined;
}

export interface AppliedChange {
  fixture: repo.FixtureRow;
  rescored: number;
  counts: { total: number; gained: number };
}

/**
 * The one path every result or schedule change takes (admin edits, imports, the results sync),
 * inside the caller's transaction: validates the result, stores it, writes the audit trail and
 * (re)scores the fixture's predictions set-based when it is final — or clears their points when
 * it stops being final.
 */
export const applyFixtureChange = async (
  trx: Transaction<DB>,
  actor: Actor,
  fixtureId: string,
  change: ResultChange,
  now: Date,
): Promise<AppliedChange> => {
  const at = now.toISOString();
  const before = await repo.findFixture(trx, fixtureId);
  if (!before) throw new AppError('UNKNOWN_FIXTURE');
  const merged = {
    homeScore: change.homeScore !== undefined ? change.homeScore : before.homeScore,
    awayScore: change.awayScore !== undefined ? change.awayScore : before.awayScore,
    firstGoalMinute:
      change.firstGoalMinute !== undefined ? change.firstGoalMinute : before.firstGoalMinute,
    status: change.status ?? before.status,
  };
  if ((merged.homeScore === null) !== (merged.awayScore === null))
    throw new AppError('INVALID_RESULT', 'Enter both scores or neither.');
  if (merged.status === 'final' && (merged.homeScore === null || merged.awayScore === null))
    throw new AppError('CANNOT_CALCULATE');
  const settled = settleFirstGoalMinute(merged.homeScore, merged.awayScore, merged.firstGoalMinute);
  if (!settled.ok) throw new AppError('INVALID_RESULT', settled.error);
  await trx
    .updateTable('fixtures')
    .set({
      home_score: merged.homeScore,
      away_score: merged.awayScore,
      first_goal_minute: settled.minute,
      status: merged.status,
      ...(change.kickoffAt ? { kickoff_at: new Date(change.kickoffAt).toISOString() } : {}),
      ...(change.homeTeam ? { home_team: change.homeTeam } : {}),
      ...(change.awayTeam ? { away_team: change.awayTeam } : {}),
      ...(change.round ? { round_label: change.round } : {}),
      ...(change.roundOrder ? { round_order: change.roundOrder } : {}),
      updated_at: at,
    })
    .where('id', '=', fixtureId)
    .execute();
  const after = (await repo.findFixture(trx, fixtureId)) as repo.FixtureRow;
  let rescored = 0;
  if (after.status === 'final' && after.homeScore !== null && after.awayScore !== null) {
    rescored = await repo.scoreFixture(
      trx,
      {
        id: after.id,
        homeScore: after.homeScore,
        awayScore: after.awayScore,
        firstGoalMinute: after.firstGoalMinute,
      },
      at,
    );
  } else if (before.status === 'final') {
    rescored = await repo.clearFixturePoints(trx, fixtureId);
  }
  const { updatedAt: _b, ...beforeAudit } = before;
  const { updatedAt: _a, ...afterAudit } = after;
  await writeAudit(
    trx,
    {
      actorUserId: actor.id,
      actorLabel: actor.label,
      action: 'fixture.update',
      entityType: 'fixture',
      entityId: fixtureId,
      before: beforeAudit,
      after: afterAudit,
    },
    now,
  );
  return { fixture: after, rescored, counts: await repo.fixtureScoreCounts(trx, fixtureId) };
};

/** Whether open pages should hear about an applied change (after the commit). */
export const isResultEvent = (applied: AppliedChange) =>
  applied.rescored > 0 || applied.fixture.status === 'final';

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
  const rows = await trx
    .selectFrom('fixtures')
    .select('id')
    .where('id', 'like', `${prefix}%`)
    .execute();
  let max = rows.reduce((m, r) => {
    const n = r.id.startsWith(prefix) ? Number(r.id.slice(prefix.length)) : Number.NaN;
    return Number.isInteger(n) ? Math.max(m, n) : m;
  }, 0);
  return () => {
    max += 1;
    return `${prefix}${max}`;
  };
};
