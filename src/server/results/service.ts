import {
  fixtureFieldGroups,
  serialiseOrigins,
  withOrigin,
  type FixtureFieldGroup,
} from '../../domain/fixtures';
import { zonedLocalToUtc } from '../../domain/kickoff';
import type { NewCompetitionBody, NewFixtureBody } from '../../domain/results';
import { listAudit, writeAudit } from '../audit/repository';
import type { Services } from '../context';
import { isUniqueViolation } from '../db/errors';
import { inTransaction } from '../db/transaction';
import { insertFixtures } from '../fixtures/repository';
import {
  findCompetitionFacts,
  insertCompetition,
  listCompetitions,
} from '../competitions/repository';
import { AppError } from '../errors';
import * as repo from '../fixtures/repository';
import { fixtureScoreCounts, predictionCounts } from '../predictions-store/fixture-repository';
import {
  applyFixtureChange,
  fixtureIdAllocator,
  isResultEvent,
  type Actor,
  type ChangeOptions,
  type ResultChange,
} from './change';

type Deps = Pick<Services, 'database' | 'bus' | 'standings'>;

/** How long a result change waits for its tally run before answering. */
const tallyWaitMs = 1000;

/** True when `work` ends within `ms` (it goes on either way; a failure is logged by its owner). */
const settlesWithin = async (work: Promise<unknown>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    work.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  return finished;
};

/**
 * Applies a change to a fixture in one transaction (see `applyFixtureChange`). Open pages hear
 * about it after the commit.
 */
export const changeFixture = async (
  { database, bus, standings }: Deps,
  actor: Actor,
  { fixtureId, change }: { fixtureId: string; change: ResultChange },
  now: Date,
  options: ChangeOptions = {},
) => {
  const outcome = await inTransaction(database.db, (trx) =>
    applyFixtureChange(trx, actor, fixtureId, change, now, options),
  );
  // The admin's answer shows the points given when the fixture's tally run ends soon; a fixture
  // predicted by very many teams answers at once and its run goes on in the background (every
  // table or picks read meanwhile has its own league moved first, see Standings.makeCurrent).
  const tallies = standings;
  const finished = outcome.tallying ? await settlesWithin(tallies.drain(), tallyWaitMs) : true;
  if (isResultEvent(outcome)) {
    await bus.publish({ type: 'results', competitionId: outcome.fixture.competitionId, fixtureId });
  } else if (outcome.changed && outcome.fixture.status === 'live') {
    // An admin moving a match in play (a score, a minute): live tables and races move.
    await bus.publish({
      type: 'live',
      competitionId: outcome.fixture.competitionId,
      fixtureId,
      version: now.getTime(),
    });
  }
  if (outcome.scheduleChanged)
    await bus.publish({
      type: 'schedule',
      competitionId: outcome.fixture.competitionId,
      fixtureIds: [fixtureId],
    });
  // Counted for a scored (final) fixture only: counting the predictions of a match in play that
  // a million teams predicted would hold the event loop for a second at every edit.
  const counts =
    finished && outcome.fixture.status === 'final'
      ? (tallies.takeCounts(fixtureId) ?? (await fixtureScoreCounts(database.db, fixtureId)))
      : null;
  return { ...outcome, counts, predictions: counts?.total ?? tallies.countedSoFar(fixtureId) };
};

/**
 * 'Save & Recalculate': scores a final fixture again through the same change path as an edit
 * (only for a final fixture with both scores).
 */
export const recalculate = async (
  deps: Deps,
  actor: Actor,
  { fixtureId }: { fixtureId: string },
  now: Date,
) => {
  const change = { fixtureId, change: {} };
  const outcome = await changeFixture(deps, actor, change, now, { recalculate: true });
  // Every derived total up to date: predictions the totals do not hold yet (written straight
  // into the table by a bulk load) are tallied too, whatever their fixture.
  await deps.standings.catchUp();
  return outcome;
};

/**
 * 'Rebuild standings' of a competition (site admins): every league's totals summed afresh from
 * its predictions, a batch of leagues at a time; audited.
 */
export const rebuildStandings = async (
  { database, standings }: Deps,
  actor: Actor,
  { competitionId }: { competitionId: string },
  now: Date,
) => {
  if (!(await findCompetitionFacts(database.db, competitionId)))
    throw new AppError('UNKNOWN_COMPETITION');
  const started = performance.now();
  const leagues = await standings.rebuildCompetition(competitionId);
  const tookMs = Math.round(performance.now() - started);
  await writeAudit(
    database.db,
    actor,
    {
      action: 'competition.rebuild_standings',
      entityType: 'competition',
      entityId: competitionId,
      after: { leagues, tookMs },
    },
    now,
  );
  return { leagues, tookMs };
};

export const addFixture = async (services: Deps, actor: Actor, body: NewFixtureBody, now: Date) => {
  const { db } = services.database;
  const competition = await findCompetitionFacts(db, body.competitionId);
  if (!competition) throw new AppError('UNKNOWN_COMPETITION');
  let kickoff: Date;
  try {
    kickoff = zonedLocalToUtc(body.date, body.time, body.timeZone ?? competition.timeZone);
  } catch {
    throw new AppError('MISSING_INFORMATION');
  }
  const at = now.toISOString();
  const roundOrder = Number(/\d+/.exec(body.round)?.[0] ?? '1');
  const id = await inTransaction(db, async (trx) => {
    const id = (await fixtureIdAllocator(trx, competition.id))();
    await insertFixtures(trx, [
      {
        id,
        competition_id: competition.id,
        season: body.season ?? competition.seasonLabel,
        round_label: body.round,
        round_order: roundOrder,
        kickoff_at: kickoff.toISOString(),
        home_team: body.homeTeam,
        away_team: body.awayTeam,
        venue: body.venue || null,
        // Set by an admin's hand: the sync never changes these facts.
        field_origins: serialiseOrigins(
          withOrigin({}, ['kickoff', 'teams', 'round', 'venue'], 'admin'),
        ),
        created_at: at,
        updated_at: at,
      },
    ]);
    await writeAudit(
      trx,
      actor,
      {
        action: 'fixture.create',
        entityType: 'fixture',
        entityId: id,
        after: {
          ...body,
          season: body.season ?? competition.seasonLabel,
          kickoffAt: kickoff.toISOString(),
        },
      },
      now,
    );
    return id;
  });
  return (await repo.findFixture(db, id)) as repo.StoredFixtureRow;
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
    await inTransaction(database.db, async (trx) => {
      await insertCompetition(trx, body, at);
      await writeAudit(
        trx,
        actor,
        {
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

/** A competition's fixtures for the admin's list, each with how many predictions it holds. */
export const adminFixtures = async (
  { database }: Pick<Services, 'database'>,
  _admin: Actor,
  { competitionId, season }: { competitionId: string; season?: string | undefined },
) => {
  const fixtures = await repo.listFixtures(database.db, competitionId, season);
  const counts = await predictionCounts(
    database.db,
    fixtures.map((f) => f.id),
  );
  return fixtures.map((fixture) => ({ fixture, predictions: counts.get(fixture.id) ?? 0 }));
};

/** Competitions for the admin's picker. */
export const adminCompetitions = ({ database }: Pick<Services, 'database'>, _admin: Actor) =>
  listCompetitions(database.db);

/** The audit trail: the newest entries, of one entity when named. */
export const auditTrail = (
  { database }: Pick<Services, 'database'>,
  _admin: Actor,
  filter: { entityId?: string | undefined; limit: number },
) => listAudit(database.db, filter);

/**
 * 'Hand back to the sources' (issue 28): the facts an admin set by hand become the sources'
 * again, so the next sync or live poll may change them. Nothing else changes now; audited.
 */
export const handBackToSources = async (
  { database }: Pick<Deps, 'database'>,
  actor: Actor,
  { fixtureId }: { fixtureId: string },
  now: Date,
) =>
  inTransaction(database.db, async (trx) => {
    const fixture = await repo.findFixture(trx, fixtureId);
    if (!fixture) throw new AppError('UNKNOWN_FIXTURE');
    const handed = fixtureFieldGroups.filter((g) => fixture.origins[g] === 'admin');
    if (handed.length === 0) return { fixtureId, handedBack: [] as FixtureFieldGroup[] };
    const origins = withOrigin(fixture.origins, handed, 'catalogue');
    await repo.updateFixtureOrigins(trx, fixtureId, serialiseOrigins(origins));
    await writeAudit(
      trx,
      actor,
      {
        action: 'fixture.release',
        entityType: 'fixture',
        entityId: fixtureId,
        before: { handSet: handed },
        after: { handSet: [] },
      },
      now,
    );
    return { fixtureId, handedBack: handed };
  });
