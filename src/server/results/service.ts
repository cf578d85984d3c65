import { zonedLocalToUtc } from '../../domain/kickoff';
import { settleFirstGoalMinute } from '../../domain/scoring';
import type { NewCompetitionBody, NewFixtureBody } from '../../domain/results';
import type { SessionUser } from '../auth';
import { writeAudit } from '../audit';
import type { Services } from '../context';
import { isUniqueViolation } from '../db/errors';
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
}

type Deps = Pick<Services, 'database' | 'bus'>;

/**
 * Applies a change to a fixture in one transaction: validates the result, stores it, writes the
 * audit trail and (re)scores its predictions when it is final — or clears their points when it
 * stops being final. Open pages hear about it after the commit.
 */
export const changeFixture = async (
  { database, bus }: Deps,
  actor: Actor,
  fixtureId: string,
  change: ResultChange,
  now: Date,
) => {
  const at = now.toISOString();
  const outcome = await database.db.transaction().execute(async (trx) => {
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
    const settled = settleFirstGoalMinute(
      merged.homeScore,
      merged.awayScore,
      merged.firstGoalMinute,
    );
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
  });
  if (outcome.rescored > 0 || outcome.fixture.status === 'final') {
    await bus.publish({ type: 'results', competitionId: outcome.fixture.competitionId, fixtureId });
  }
  return outcome;
};

/** 'Save & Recalculate': only for a final fixture with both scores. */
export const recalculate = async (
  { database, bus }: Deps,
  actor: Actor,
  fixtureId: string,
  now: Date,
) => {
  const result = await database.db.transaction().execute(async (trx) => {
    const fixture = await repo.findFixture(trx, fixtureId);
    if (!fixture) throw new AppError('UNKNOWN_FIXTURE');
    if (fixture.status !== 'final' || fixture.homeScore === null || fixture.awayScore === null)
      throw new AppError('CANNOT_CALCULATE');
    const rescored = await repo.scoreFixture(
      trx,
      {
        id: fixture.id,
        homeScore: fixture.homeScore,
        awayScore: fixture.awayScore,
        firstGoalMinute: fixture.firstGoalMinute,
      },
      now.toISOString(),
    );
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        actorLabel: actor.label,
        action: 'fixture.recalculate',
        entityType: 'fixture',
        entityId: fixtureId,
        after: { rescored },
      },
      now,
    );
    return { fixture, rescored, counts: await repo.fixtureScoreCounts(trx, fixtureId) };
  });
  await bus.publish({ type: 'results', competitionId: result.fixture.competitionId, fixtureId });
  return result;
};

const nextFixtureId = async ({ database }: Deps, competitionId: string) => {
  const rows = await database.db
    .selectFrom('fixtures')
    .select('id')
    .where('competition_id', '=', competitionId)
    .execute();
  const prefix = `${competitionId.replace(/_\d{4}$/, '')}_`;
  const max = rows.reduce((m, r) => {
    const n = r.id.startsWith(prefix) ? Number(r.id.slice(prefix.length)) : Number.NaN;
    return Number.isInteger(n) ? Math.max(m, n) : m;
  }, 0);
  return `${prefix}${max + 1}`;
};

export const addFixture = async (services: Deps, actor: Actor, body: NewFixtureBody, now: Date) => {
  const { db } = services.database;
  const competition = await db
    .selectFrom('competitions')
    .select(['id', 'time_zone'])
    .where('id', '=', body.competitionId)
    .executeTakeFirst();
  if (!competition) throw new AppError('UNKNOWN_COMPETITION');
  let kickoff: Date;
  try {
    kickoff = zonedLocalToUtc(body.date, body.time, body.timeZone ?? competition.time_zone);
  } catch {
    throw new AppError('MISSING_INFORMATION');
  }
  const at = now.toISOString();
  const id = await nextFixtureId(services, competition.id);
  const roundOrder = Number(/\d+/.exec(body.round)?.[0] ?? '1');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fixtures')
      .values({
        id,
        competition_id: competition.id,
        round_label: body.round,
        round_order: roundOrder,
        kickoff_at: kickoff.toISOString(),
        home_team: body.homeTeam,
        away_team: body.awayTeam,
        venue: body.venue || null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await writeAudit(
      trx,
      {
        actorUserId: actor.id,
        actorLabel: actor.label,
        action: 'fixture.create',
        entityType: 'fixture',
        entityId: id,
        after: { ...body, kickoffAt: kickoff.toISOString() },
      },
      now,
    );
  });
  return (await repo.findFixture(db, id)) as repo.FixtureRow;
};

export const addCompetition = async (
  { database }: Deps,
  actor: Actor,
  body: Required<NewCompetitionBody>,
  now: Date,
) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: body.timeZone });
  } catch {
    throw new AppError(
      'VALIDATION_FAILED',
      'Unknown time zone (use an IANA name such as Europe/London).',
    );
  }
  const at = now.toISOString();
  try {
    await database.db.transaction().execute(async (trx) => {
      const max = await trx
        .selectFrom('competitions')
        .select((eb) => eb.fn.max('sort_order').as('m'))
        .executeTakeFirst();
      await trx
        .insertInto('competitions')
        .values({
          id: body.id,
          route: body.route,
          name: body.name,
          country: body.country,
          flag: '',
          kind: body.kind,
          season_label: body.seasonLabel,
          summary_key: null,
          time_zone: body.timeZone,
          aliases: '[]',
          sort_order: Number(max?.m ?? 0) + 10,
          built_in: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await writeAudit(
        trx,
        {
          actorUserId: actor.id,
          actorLabel: actor.label,
          action: 'competition.create',
          entityType: 'competition',
          entityId: body.id,
          after: body,
        },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('COMPETITION_EXISTS');
    throw error;
  }
  return { id: body.id };
};
