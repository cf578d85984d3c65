import type { Transaction } from 'kysely';
import {
  isFixtureLocked,
  jokersAfterSave,
  splitBatch,
  type FixtureForPrediction,
  type PredictionInput,
} from '../../domain/predictions';
import type { SessionUser } from '../auth/auth';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { pick, rowsOf, rulesOfLeague } from '../leagues/rules-repository';
import { fixturesToPredict } from '../fixtures/repository';
import * as picks from '../predictions-store/repository';
import * as repo from './repository';
import * as direct from './sqlite-repository';
import * as pg from './postgres-repository';
import { postgresGroups, type PostgresGroups } from '../db/pg-group';
import { picksDeleted, picksSaved, planPicksSaved, settledPicks } from '../standings/standings';
import { inDirectTransaction, inTransaction } from '../db/transaction';
import type { Services } from '../context';
import { resolveSeason } from '../fixtures/seasons';

/** What prediction services need: the database (and the standings, to read a team's picks). */
type Deps = Pick<Services, 'database'>;

/** A league's lock before kick-off (minutes) in each season, from its rules rows. */
const leagueLock = async (db: Database['db'], leagueId: string) => {
  const rows = await rowsOf(db, [leagueId]);
  return (season: string) => pick(rows, season).lockMinutesBefore;
};

/** The team, when it exists and is the player's. */
const ownedBy = <T extends { userId: string }>(team: T | null, user: SessionUser): T => {
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  if (team.userId !== user.id) throw new AppError('NOT_YOUR_TEAM');
  return team;
};

const ownTeam = async (database: Database, user: SessionUser, teamId: string) =>
  ownedBy(await repo.findTeamWithCompetition(database.db, teamId), user);

const refuseRejected = (
  rejected: {
    fixtureId: string;
    reason: 'UNKNOWN_FIXTURE' | 'FIXTURE_OTHER_COMPETITION' | 'TBD_FIXTURE';
  }[],
) => {
  const first = rejected[0];
  if (first)
    throw new AppError(
      first.reason,
      undefined,
      Object.fromEntries(rejected.map((r) => [r.fixtureId, r.reason])),
    );
};

/** Serialises writers of one team so two parallel saves cannot both place the last joker. */
const lockTeam = (database: Database, trx: Transaction<DB>, teamId: string) =>
  repo.lockTeamRow(trx, database.dialect, teamId);

/**
 * The rows a write of picks stores (each joker decided, each tally what the totals will hold of
 * it) and how the team's season totals move, from what is stored of those fixtures' picks.
 */
const planWrites = (
  stored: Map<string, picks.StoredPick>,
  writes: picks.PredictionWrite[],
  seasons: Map<string, { season: string }>,
) => {
  const plan = planPicksSaved(
    stored,
    writes.map((w) => ({ ...w, season: seasons.get(w.fixtureId)?.season ?? '' })),
  );
  const rows: picks.SaveRow[] = writes.map((w, i) => ({
    fixtureId: w.fixtureId,
    outcome: w.outcome,
    firstGoalMinute: w.firstGoalMinute,
    joker: plan.rows[i]?.joker ?? false,
    tallied: plan.rows[i]?.tallied ?? 1,
  }));
  return { rows, moves: plan.moves };
};

/**
 * Writes picks of open fixtures for one team inside the caller's transaction, and moves the
 * team's standings totals (predictions made, jokers placed) by what changed.
 */
export const writePicks = async (
  trx: Transaction<DB>,
  dialect: Database['dialect'],
  team: { id: string; leagueId: string },
  writes: picks.PredictionWrite[],
  seasons: Map<string, { season: string }>,
  at: string,
) => {
  if (writes.length === 0) return;
  const ids = writes.map((w) => w.fixtureId);
  const { stored } = await settledPicks(trx, dialect, team.leagueId, async () => ({
    stored: await picks.storedPicks(trx, team.id, ids),
  }));
  const { rows, moves } = planWrites(stored, writes, seasons);
  await picks.upsertPredictions(trx, team.id, rows, at);
  await picksSaved(trx, team, moves);
};

/** Jokers a team has left in one season of its competition (its league's limit). */
const jokersRemaining = async (
  database: Database,
  team: { id: string; leagueId: string },
  season: string | null,
) => {
  const [held, rules] = await Promise.all([
    picks.jokersOfTeam(database.db, team.id),
    rulesOfLeague(database.db, team.leagueId, season),
  ]);
  return Math.max(0, rules.jokers - held.filter((j) => j.season === season).length);
};

/** One of the player's teams with its picks and the jokers left in the current season. */
export const teamPredictions = async (
  { database, standings }: Pick<Services, 'database' | 'standings'>,
  user: SessionUser,
  { teamId }: { teamId: string },
  now: Date,
) => {
  const team = await ownTeam(database, user, teamId);
  // A result the background run has not reached this league with yet counts already.
  await standings.makeCurrent({ id: team.leagueId, competitionId: team.competitionId });
  const [predictions, { season }] = await Promise.all([
    picks.predictionsOfTeam(database.db, team.id),
    resolveSeason(database.db, team.competitionId, undefined, now),
  ]);
  return {
    teamId: team.id,
    competitionId: team.competitionId,
    season,
    predictions,
    jokersRemaining: await jokersRemaining(database, team, season),
  };
};

/** Every pick of the player's teams, newest first. */
export const myPredictions = ({ database }: Deps, user: SessionUser) =>
  picks.predictionsOfUser(database.db, user.id);

/**
 * Whether the batch adds a joker beyond the league's limit in a season it touches (the allowance
 * is per competition season). A team holding more than a lowered limit keeps them: only a save
 * that adds one is refused.
 */
const overJokerLimit = (
  existing: { fixtureId: string; season: string; joker: boolean }[],
  open: PredictionInput[],
  fixtures: Map<string, FixtureForPrediction>,
  limitIn: (season: string) => number,
) => {
  const seasons = new Set(open.map((p) => fixtures.get(p.fixtureId)?.season ?? ''));
  for (const season of seasons) {
    const inSeason = (p: PredictionInput) => (fixtures.get(p.fixtureId)?.season ?? '') === season;
    const before = existing.filter((j) => j.season === season);
    const held = jokersAfterSave(before, open.filter(inSeason));
    if (held > limitIn(season) && held > before.length) return true;
  }
  return false;
};

/**
 * The rule of a save, between its reads and its writes: the team must be the player's, a batch
 * naming an unknown, foreign or TBD fixture changes nothing, locked fixtures (past the league's
 * deadline, live, final, postponed or cancelled) are reported and left untouched, and a team
 * never adds a joker beyond its league's limit in a season. Returns the rows to write, how the
 * team's totals move and the answer.
 */
const decideSave = (
  reads: repo.SaveReads,
  user: SessionUser,
  batch: PredictionInput[],
  now: Date,
) => {
  const { fixtures, jokers: existing, stored } = reads;
  const team = ownedBy(reads.team, user);
  const rulesIn = (season: string) => pick(reads.rules, season);
  const split = splitBatch(
    batch,
    fixtures,
    team.competitionId,
    now,
    (season) => rulesIn(season).lockMinutesBefore,
  );
  refuseRejected(split.rejected);
  if (overJokerLimit(existing, split.open, fixtures, (season) => rulesIn(season).jokers))
    throw new AppError('JOKER_LIMIT');
  const { rows, moves } = planWrites(stored, split.open, fixtures);
  // What the player sees: jokers left in the season of the fixtures saved.
  const season = fixtures.get(batch[0]?.fixtureId ?? '')?.season ?? null;
  const inSeason = (p: { fixtureId: string }) => fixtures.get(p.fixtureId)?.season === season;
  const held = jokersAfterSave(
    existing.filter((j) => j.season === season),
    split.open.filter(inSeason),
  );
  return {
    team,
    rows,
    moves,
    answer: {
      team,
      saved: split.open.map((p) => p.fixtureId),
      locked: split.locked.map((p) => p.fixtureId),
      jokersRemaining: Math.max(0, rulesIn(season ?? '').jokers - held),
      jokerUsed: split.open.some((p) => p.joker),
    },
  };
};

/**
 * Saves a batch in one short transaction (see `decideSave` for the rule). On SQLite it runs as
 * prepared statements without a promise between them (the kick-off rush, decision 010); on
 * PostgreSQL through Kysely, with the team's row locked.
 */
export const savePredictions = async (
  { database }: Deps,
  user: SessionUser,
  { teamId, predictions: batch }: { teamId: string; predictions: PredictionInput[] },
  now: Date,
) => {
  if (database.dialect === 'postgres')
    return saveGroups(database).run({ user, teamId, batch, now });
  return saveAlone(database, { user, teamId, batch, now });
};

interface SaveUnit {
  user: SessionUser;
  teamId: string;
  batch: PredictionInput[];
  now: Date;
}
type SaveAnswer = ReturnType<typeof decideSave>['answer'];

/** One save in its own transaction: SQLite's group commit, or a Kysely transaction. */
const saveAlone = async (database: Database, { user, teamId, batch, now }: SaveUnit) => {
  const ids = batch.map((p) => p.fixtureId);
  const at = now.toISOString();
  return inDirectTransaction(
    database,
    (statements) => {
      const save = decideSave(direct.readForSave(statements, teamId, ids), user, batch, now);
      direct.writeSave(statements, save.team.id, save.rows, save.moves, at);
      return save.answer;
    },
    async (trx) => {
      const reads = await repo.readForSave(trx, database.dialect, teamId, ids);
      const save = decideSave(reads, user, batch, now);
      await picks.upsertPredictions(trx, save.team.id, save.rows, at);
      await picksSaved(trx, save.team, save.moves);
      return save.answer;
    },
  );
};

/**
 * PostgreSQL's saves in group commits (decision 022): saves asked for while earlier groups run
 * are read, decided and written together in one transaction — `decideSave` for each, so the
 * rule is the one SQLite and the single save use. One runner per database.
 */
const groups = new WeakMap<Database, PostgresGroups<SaveUnit, SaveAnswer>>();
/** How PostgreSQL's saves were grouped so far (tests, bench); null on SQLite. */
export const saveGroupsState = (database: Database) =>
  database.dialect === 'postgres' ? saveGroups(database).state() : null;
const saveGroups = (database: Database) => {
  let runner = groups.get(database);
  if (!runner) {
    const { pipelined } = database;
    if (!pipelined) throw new Error('save groups need PostgreSQL');
    runner = postgresGroups<SaveUnit, SaveAnswer>(pipelined, {
      key: (unit) => unit.teamId,
      alone: (unit) => saveAlone(database, unit),
      work: async ({ query, queries, last }, units) => {
        const reads = await pg.readForSaves(
          { query, queries },
          units.map((u) => ({ teamId: u.teamId, fixtureIds: u.batch.map((p) => p.fixtureId) })),
        );
        const decided = units.map((unit) => {
          try {
            const read = reads.get(unit.teamId);
            if (!read) throw new AppError('TEAM_NOT_FOUND');
            return {
              ok: true as const,
              save: decideSave(read, unit.user, unit.batch, unit.now),
              unit,
            };
          } catch (error) {
            return { ok: false as const, error };
          }
        });
        // The write goes out with the group's COMMIT.
        await pg.writeSaves(
          last,
          decided.flatMap((d) =>
            d.ok
              ? [
                  {
                    teamId: d.save.team.id,
                    rows: d.save.rows,
                    moves: d.save.moves,
                    at: d.unit.now.toISOString(),
                  },
                ]
              : [],
          ),
        );
        return decided.map((d) => (d.ok ? { ok: true, value: d.save.answer } : d));
      },
    });
    groups.set(database, runner);
  }
  return runner;
};

/**
 * Deletes open predictions; locked ones are reported and kept. The fixtures are read inside the
 * transaction (shared on PostgreSQL), so a result set meanwhile either waits for the deletion or
 * is seen by it.
 */
export const deletePredictions = async (
  { database }: Deps,
  user: SessionUser,
  { teamId, fixtureIds }: { teamId: string; fixtureIds: string[] },
  now: Date,
) => {
  const team = await ownTeam(database, user, teamId);
  const lockIn = await leagueLock(database.db, team.leagueId);
  return inTransaction(database.db, async (trx) => {
    await lockTeam(database, trx, team.id);
    const fixtures = await fixturesToPredict(trx, fixtureIds, database.dialect === 'postgres');
    const locked = fixtureIds.filter((id) => {
      const f = fixtures.get(id);
      return f !== undefined && isFixtureLocked(f, now, lockIn(f.season));
    });
    const open = fixtureIds.filter((id) => fixtures.has(id) && !locked.includes(id));
    const { stored } = await settledPicks(trx, database.dialect, team.leagueId, async () => ({
      stored: await picks.storedPicks(trx, team.id, open),
    }));
    await picks.deletePredictions(trx, team.id, open);
    const deleted = open.map((id) => ({
      fixtureId: id,
      season: fixtures.get(id)?.season ?? '',
      round: fixtures.get(id)?.round ?? '',
    }));
    await picksDeleted(trx, team, stored, deleted);
    return { deleted: open, locked };
  });
};

/**
 * Copies outcome and minute (not jokers) of open fixtures from one of your teams to another, in
 * one transaction that reads the fixtures (shared on PostgreSQL) after locking the target team.
 */
export const copyPredictions = async (
  { database }: Deps,
  user: SessionUser,
  { fromTeamId, toTeamId }: { fromTeamId: string; toTeamId: string },
  now: Date,
) => {
  const from = await ownTeam(database, user, fromTeamId);
  const to = await ownTeam(database, user, toTeamId);
  if (from.id === to.id) throw new AppError('BAD_REQUEST', 'Choose another team to copy to.');
  if (from.competitionId !== to.competitionId)
    throw new AppError('FIXTURE_OTHER_COMPETITION', 'Both teams must play the same competition.');
  const lockIn = await leagueLock(database.db, to.leagueId);
  const copied = await inTransaction(database.db, async (trx) => {
    await lockTeam(database, trx, to.id);
    const source = await picks.predictionsOfTeam(trx, from.id);
    const fixtures = await fixturesToPredict(
      trx,
      source.map((p) => p.fixtureId),
      database.dialect === 'postgres',
    );
    const open = source.filter((p) => {
      const f = fixtures.get(p.fixtureId);
      return (
        f !== undefined &&
        f.competitionId === to.competitionId &&
        !isFixtureLocked(f, now, lockIn(f.season))
      );
    });
    await writePicks(
      trx,
      database.dialect,
      to,
      open.map((p) => ({
        fixtureId: p.fixtureId,
        outcome: p.outcome,
        firstGoalMinute: p.firstGoalMinute,
      })),
      fixtures,
      now.toISOString(),
    );
    return open.length;
  });
  return { copied, to };
};

/** 'Apply to Multiple Leagues': the same picks (no jokers) for several of your teams at once. */
export const saveToTeams = async (
  { database }: Deps,
  user: SessionUser,
  {
    teamIds,
    predictions: batch,
  }: { teamIds: string[]; predictions: Omit<PredictionInput, 'joker'>[] },
  now: Date,
) => {
  // In one order, so two requests naming the same teams lock them without a deadlock.
  const teams = await Promise.all(
    [...new Set(teamIds)].sort().map(async (id) => {
      const team = await ownTeam(database, user, id);
      return { ...team, lockIn: await leagueLock(database.db, team.leagueId) };
    }),
  );
  const plans = await inTransaction(database.db, async (trx) => {
    // Teams first, then fixtures: the order every write of picks takes its locks in.
    for (const team of teams) await lockTeam(database, trx, team.id);
    const fixtures = await fixturesToPredict(
      trx,
      batch.map((p) => p.fixtureId),
      database.dialect === 'postgres',
    );
    const planned = teams.map((team) => {
      const split = splitBatch(batch, fixtures, team.competitionId, now, team.lockIn);
      refuseRejected(split.rejected);
      return { team, split };
    });
    for (const { team, split } of planned)
      await writePicks(trx, database.dialect, team, split.open, fixtures, now.toISOString());
    return planned;
  });
  return {
    saved: plans[0]?.split.open.length ?? 0,
    teams: plans.length,
    locked: plans[0]?.split.locked.map((p) => p.fixtureId) ?? [],
  };
};
