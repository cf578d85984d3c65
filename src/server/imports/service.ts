import type { Kysely, Transaction } from 'kysely';
import {
  isTimeZone,
  readOpenFootball,
  type ImportBody,
  type ImportFormat,
  type ImportRow,
} from '../../domain/import';
import { readFixtureCsv } from '../../domain/import-csv';
import {
  countPlan,
  describePlannedRow,
  planSteps,
  roundOrders,
  type PlannedRow,
  type PlanOptions,
} from '../../domain/import-plan';
import { isTbdName } from '../../domain/prediction-rules';
import { writeAudit } from '../audit/repository';
import type { Services } from '../context';
import { isUniqueViolation } from '../db/errors';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import {
  applyFixtureChange,
  fixtureIdAllocator,
  isResultEvent,
  type Actor,
} from '../results/change';
import * as fixtures from '../fixtures/repository';
import { findCompetitionForImport } from '../competitions/repository';
import { inTransaction } from '../db/transaction';
import { pacer, runInSlices, type Pace } from './pace';

type Deps = Pick<Services, 'database' | 'bus' | 'standings'>;

/** An import is done on behalf of an admin; the audit trail says so. */
export const importActor = (admin: { id: string; email: string }): Actor => ({
  id: admin.id,
  label: `import:${admin.email}`,
  origin: 'admin',
});

/** One season of one competition: where imported rows land (local times in `timeZone`). */
export interface ImportTarget {
  competitionId: string;
  season: string;
  timeZone: string;
}

/** Reads a file's rows with the event loop free every few milliseconds (a file may be large). */
export const parseInSlices = (
  format: ImportFormat,
  content: string,
  timeZone: string,
  pace: Pace,
) =>
  runInSlices(
    format === 'csv' ? readFixtureCsv(content, timeZone) : readOpenFootball(content, timeZone),
    pace,
  );

const readRows = async (db: Kysely<DB>, body: ImportBody, pace: Pace) => {
  const competition = await findCompetitionForImport(db, body.competitionId);
  if (!competition) throw new AppError('UNKNOWN_COMPETITION');
  const timeZone = body.timeZone ?? competition.time_zone;
  if (!isTimeZone(timeZone))
    throw new AppError(
      'VALIDATION_FAILED',
      'Unknown time zone (use an IANA name such as Europe/London).',
    );
  const parsed = await parseInSlices(body.format, body.content, timeZone, pace);
  if (!parsed.ok) throw new AppError('IMPORT_UNREADABLE', parsed.error);
  const target = {
    competitionId: competition.id,
    season: body.season ?? competition.season_label,
    timeZone,
  };
  return { target, rows: parsed.rows };
};

/** Fixtures are matched only within their own season (docs/design.md §2). */
const planFor = async (
  db: Kysely<DB> | Transaction<DB>,
  actor: Actor,
  target: ImportTarget,
  rows: ImportRow[],
  now: Date,
  pace: Pace,
  extra: SourcePlan = {},
) => {
  const stored = await fixtures.storedFixtures(db, target.competitionId, target.season, pace);
  const options = { by: actor.origin, now, timeZone: target.timeZone, ...extra };
  return {
    plan: await runInSlices(planSteps(rows, stored, options), pace),
    orders: roundOrders(rows, new Map(stored.map((f) => [f.round, f.roundOrder]))),
  };
};

/** What a source's rows need beyond an admin's: the precedence, other sources' kick-offs. */
export type SourcePlan = Pick<PlanOptions, 'precedence' | 'otherKickoffs' | 'aliases' | 'pairings'>;

/** What importing the file would do; nothing is written. */
export const previewImport = async (
  { database }: Deps,
  actor: Actor,
  body: ImportBody,
  now: Date,
) => {
  const pace = pacer();
  const { target, rows } = await readRows(database.db, body, pace);
  const { plan } = await planFor(database.db, actor, target, rows, now, pace);
  return {
    season: target.season,
    rows: plan.map((p) => describePlannedRow(p)),
    counts: countPlan(plan),
  };
};

const applyRow = async (
  trx: Transaction<DB>,
  actor: Actor,
  p: PlannedRow,
  context: ImportTarget & { orders: Map<string, number>; nextId: () => string; now: Date },
): Promise<{ fixtureId?: string; event: boolean; moved: boolean }> => {
  const { now } = context;
  if (p.status === 'rejected' || p.status === 'unchanged') return { event: false, moved: false };
  const result = p.row.result;
  if (p.status === 'changed') {
    const { round } = p.update;
    const applied = await applyFixtureChange(
      trx,
      actor,
      p.fixtureId,
      { ...p.update, ...(round ? { roundOrder: context.orders.get(round) } : {}) },
      now,
    );
    await fixtures.rememberExternalId(trx, p.fixtureId, p.key);
    return {
      fixtureId: p.fixtureId,
      event: isResultEvent(applied),
      moved: applied.scheduleChanged,
    };
  }
  const fixture = {
    id: context.nextId(),
    competitionId: context.competitionId,
    season: context.season,
    round: p.row.round,
    roundOrder: context.orders.get(p.row.round) ?? 1,
    kickoffAt: p.row.kickoffAt,
    timeConfirmed: p.row.timeConfirmed,
    status: p.row.status,
    homeTeam: p.row.homeTeam,
    awayTeam: p.row.awayTeam,
    tbd: p.row.tbd ?? (isTbdName(p.row.homeTeam) || isTbdName(p.row.awayTeam)),
    venue: p.row.venue,
    externalId: p.key,
  };
  await fixtures.insertImportedFixture(trx, fixture, actor.origin, now.toISOString());
  await writeAudit(
    trx,
    actor,
    {
      action: 'fixture.create',
      entityType: 'fixture',
      entityId: fixture.id,
      after: fixture,
    },
    now,
  );
  if (!result) return { fixtureId: fixture.id, event: false, moved: true };
  // A result arrives by the same path as an admin's edit (validation, audit, scoring).
  await applyFixtureChange(trx, actor, fixture.id, { status: 'final', ...result }, now);
  return { fixtureId: fixture.id, event: true, moved: true };
};

/**
 * Plans and applies parsed rows for one competition season inside the caller's transaction:
 * new fixtures are inserted, changed ones updated through the results path (scored set-based,
 * audited as the actor), unchanged ones untouched. A source never changes what an admin set.
 * The admins' import and the openfootball sync both come here. The transaction stays open while
 * the event loop gets a turn every few milliseconds (`pace`): one file is still all or nothing.
 */
export const applyRows = async (
  trx: Transaction<DB>,
  actor: Actor,
  target: ImportTarget,
  rows: ImportRow[],
  now: Date,
  pace: Pace = pacer(),
  extra: SourcePlan = {},
) => {
  const { plan, orders } = await planFor(trx, actor, target, rows, now, pace, extra);
  const nextId = await fixtureIdAllocator(trx, target.competitionId);
  const described = [];
  const events: string[] = [];
  const moved: string[] = [];
  for (const p of plan) {
    const applied = await applyRow(trx, actor, p, { ...target, orders, nextId, now });
    if (applied.event && applied.fixtureId) events.push(applied.fixtureId);
    if (applied.moved && applied.fixtureId) moved.push(applied.fixtureId);
    described.push(describePlannedRow(p, applied.fixtureId));
    await pace();
  }
  await pace(true); // the caller's commit in a turn of its own
  const held = plan.filter((p) => 'held' in p && p.held === 'kickoff').length;
  return { rows: described, counts: countPlan(plan), events, moved, held };
};

/** After a large import the planner's statistics are refreshed (docs/design.md: no query scans). */
export const optimizeAfter = async (
  database: Services['database'],
  counts: { new: number; changed: number },
) => {
  if (counts.new + counts.changed >= 100) await database.optimize();
};

/**
 * After the commit: the queued tally runs bring points and standings up to date, then open pages
 * hear about fixtures whose results changed, and boards about fixtures added or moved (`moved`).
 */
export const publishResults = async (
  { bus, standings }: Pick<Services, 'bus' | 'standings'>,
  competitionId: string,
  ids: string[],
  moved: readonly string[] = [],
) => {
  await standings.drain();
  for (const fixtureId of ids) await bus.publish({ type: 'results', competitionId, fixtureId });
  // A schedule event names a few fixtures; a season created is 'several' (none named).
  if (moved.length > 0)
    await bus.publish({
      type: 'schedule',
      competitionId,
      fixtureIds: moved.length > 50 ? [] : [...moved],
    });
};

/** Applies an admin's file in one transaction; importing the same file again writes nothing. */
export const applyImport = async (
  { database, bus, standings }: Deps,
  actor: Actor,
  body: ImportBody,
  now: Date,
) => {
  const pace = pacer();
  const { target, rows } = await readRows(database.db, body, pace);
  const outcome = await inTransaction(database.db, (trx) =>
    applyRows(trx, actor, target, rows, now, pace),
  ).catch((error: unknown) => {
    // Another import or the sync took the same new fixture id in the meantime: nothing was
    // written; the same file applies cleanly a moment later.
    if (isUniqueViolation(error))
      throw new AppError(
        'CONFLICT',
        'Fixtures were being added at the same moment (another import or the sync). Please apply again.',
      );
    throw error;
  });
  await publishResults({ bus, standings }, target.competitionId, outcome.events, outcome.moved);
  await optimizeAfter(database, outcome.counts);
  return { season: target.season, rows: outcome.rows, counts: outcome.counts };
};
