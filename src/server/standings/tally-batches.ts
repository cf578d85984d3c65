import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Dialect } from '../db/database';
import type { DB } from '../db/schema';
import { fixtureToTally } from '../fixtures/repository';
import { yieldToEventLoop } from '../runtime/event-loop';
import type { LeagueRulesSource } from './rules-source';
import { reconcile, type NameRange, type TallyTarget } from './tally-sql';

type Db = Kysely<DB> | Transaction<DB>;

// The pieces a tally run is made of (tallies.ts drives them): the fixture as its run sees it, the
// next batch of leagues, a large league's parts, the lock and counts of a batch, the batch size.

/**
 * Batches aim at this many milliseconds of work each. SQLite runs a batch's statements on the
 * event loop (whose budget is 50 ms), PostgreSQL in its own processes: there a batch is bounded
 * by how long it holds its leagues' rows, and a 12 ms budget made batches so small that their
 * fixed round trips were most of the work (a million predictions took 237 s; decision 023).
 */
export const batchBudgetMs = (dialect: Dialect) => (dialect === 'sqlite' ? 12 : 100);
/** A batch starts at this many teams and grows or shrinks with the time its batches take. */
export const firstBatch = 1000;
const largestBatch = 50_000;
/**
 * How many leagues are looked at for one batch: a league per 25 teams wanted, between 10 and 500
 * (counting the teams of 500 leagues for a batch of 40 took 26 ms on PostgreSQL). Where leagues
 * are smaller, a batch holds fewer teams and the next one grows.
 */
const leagueWindow = (teams: number) => Math.min(500, Math.max(10, Math.ceil(teams / 25)));

export const targetOf = async (db: Db, fixtureId: string) => {
  const f = await fixtureToTally(db, fixtureId);
  if (!f) return null;
  const scored = f.status === 'final' && f.home_score !== null && f.away_score !== null;
  const target: TallyTarget = {
    id: f.id,
    season: f.season,
    round: f.round_label,
    result: scored
      ? {
          homeScore: f.home_score as number,
          awayScore: f.away_score as number,
          firstGoalMinute: f.first_goal_minute,
        }
      : null,
  };
  return { target, competitionId: f.competition_id };
};

/**
 * The next leagues of the competition after `after` holding about `teams` teams together (at
 * least one league, whatever its size: a league moves in one step).
 */
export const nextLeagues = async (
  db: Db,
  competitionId: string,
  after: string,
  teams: number,
  partTeams: number,
) => {
  const ids = (
    await db
      .selectFrom('leagues')
      .select('id')
      .where('competition_id', '=', competitionId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(leagueWindow(teams))
      .execute()
  ).map((l) => l.id);
  if (ids.length === 0) return { ids, teams: 0 };
  const sizes = new Map(
    (
      await db
        .selectFrom('teams')
        .select(['league_id', sql<number>`count(*)`.as('n')])
        .where('league_id', 'in', ids)
        .groupBy('league_id')
        .execute()
    ).map((r) => [r.league_id, Number(r.n)]),
  );
  const batch: string[] = [];
  let held = 0;
  for (const id of ids) {
    const size = sizes.get(id) ?? 0;
    // A league larger than a part is a batch of its own (it moves in parts).
    if (batch.length > 0 && (held + size > teams || size > partTeams)) break;
    batch.push(id);
    held += size;
    if (size > partTeams) break;
  }
  return { ids: batch, teams: held };
};

/** A league larger than this moves in parts of this many teams, inside its one transaction. */
export const defaultPartTeams = 1000;

/**
 * The parts of a league's teams by name key (lower-cased name), `partTeams` each: one step of a
 * large league runs as several statements with the event loop free in between.
 */
const nameParts = async (
  db: Db,
  leagueId: string,
  partTeams: number,
): Promise<(NameRange | undefined)[]> => {
  const keys = (
    await db
      .selectFrom('teams')
      .select(sql<string>`lower(name)`.as('key'))
      .where('league_id', '=', leagueId)
      .orderBy(sql`lower(name)`)
      .execute()
  ).map((r) => r.key);
  if (keys.length <= partTeams) return [undefined];
  const parts: NameRange[] = [];
  let after: string | null = null;
  for (let i = partTeams - 1; i < keys.length - 1; i += partTeams) {
    const upTo = keys[i] ?? null;
    parts.push({ after, upTo });
    after = upTo;
  }
  parts.push({ after, upTo: null });
  return parts;
};

/** Runs `step` for each part of the batch (a single large league in parts), yielding between. */
export const inParts = async (
  trx: Db,
  leagues: { ids: string[]; teams: number },
  partTeams: number,
  step: (names: NameRange | undefined) => Promise<unknown>,
) => {
  const [only] = leagues.ids;
  const parts =
    leagues.ids.length === 1 && only !== undefined && leagues.teams > partTeams
      ? await nameParts(trx, only, partTeams)
      : [undefined];
  for (const [i, names] of parts.entries()) {
    if (i > 0) await yieldToEventLoop();
    await step(names);
  }
};

/** PostgreSQL: one batch of a league at a time, whichever instance runs it. */
export const lockLeagues = async (
  database: Pick<Database, 'dialect'>,
  trx: Transaction<DB>,
  ids: string[],
) => {
  if (database.dialect === 'postgres' && ids.length > 0)
    await sql`select id from leagues where id in (${sql.join(ids)}) order by id for update`.execute(
      trx,
    );
};

/** The batch's predictions of the fixture and those with points, after it moved. */
export const countBatch = async (db: Db, fixtureId: string, leagueIds: string[]) => {
  const row = await sql<{ total: number; gained: number }>`select count(*) as total,
      coalesce(sum(case when p.points > 0 then 1 else 0 end), 0) as gained
    from teams t cross join predictions p
    where p.team_id = t.id and p.fixture_id = ${fixtureId} and t.league_id in (${sql.join(leagueIds)})`.execute(
    db,
  );
  return { total: Number(row.rows[0]?.total ?? 0), gained: Number(row.rows[0]?.gained ?? 0) };
};

/** Grows or shrinks the next batch so each takes about `budgetMs` (batchBudgetMs). */
export const resize = (size: number, elapsedMs: number, budgetMs: number) => {
  if (elapsedMs > budgetMs * 2) return Math.max(1, Math.floor(size / 2));
  if (elapsedMs < budgetMs / 2) return Math.min(largestBatch, size * 2);
  return size;
};

/**
 * Moves one batch of leagues to the fixture's current state in the caller's transaction; a large
 * league goes in parts. The event loop has its turn between every two statements: on SQLite a
 * batch's statements would otherwise run back to back in one turn (the connection stays with the
 * transaction), and a batch slower than its budget on a busy machine would hold every request.
 */
export const moveBatch = async (
  trx: Db,
  dialect: Dialect,
  rules: LeagueRulesSource,
  target: TallyTarget,
  batch: { ids: string[]; teams: number },
  partTeams: number,
) => {
  // One statement per fixture and group of leagues playing the same rules this season.
  const groups = await rules.scoringGroups(trx, batch.ids, target.season);
  await inParts(trx, batch, partTeams, async (names) => {
    for (const group of groups)
      await reconcile(
        trx,
        dialect,
        target,
        { leagueIds: group.leagueIds, names },
        group.rules,
        yieldToEventLoop,
      );
  });
};

export { yieldToEventLoop };
