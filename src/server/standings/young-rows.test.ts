import { sql } from 'kysely';
import { GCProfiler, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkLoad } from '../../../tests/setup/bulk';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';
import { fillMissingTotals } from './repository';
import { readStandings } from './table';

// What a table read leaves behind for the garbage collector (docs/decisions/022, 'Later (29
// November, evening)'). A read's rows are garbage once its answer is sent, so a young-generation
// collection after it should find them dead. On Node 20 two ways of making them kept them alive
// through young collections until the next full one, and every read after a move paid for them:
// node-postgres queries asked for without a callback (each query's callback set after the query
// was made), and rows made by spreading another object. Measured by what young collections move
// to the old generation while the same reads run again and again; no clock is involved.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options: { type: 'minor'; execution: 'sync' }) => void;
const minor = () => gc({ type: 'minor', execution: 'sync' });

const season = '2030-31';
const teams = 60;
const t = appPerFile({ now: () => new Date('2031-03-01T12:00:00Z') });
let league = { id: '', competitionId: '' };

beforeAll(async () => {
  const owner = await player(t, 'Owner');
  const created = await createLeague(owner, 'Young Rows', 'Owner Team');
  const { db } = t.services.database;
  const ids = Array.from({ length: teams - 1 }, (_, i) => i);
  await bulkLoad(db, {
    users: ids.map((i) => ({ id: `young-user-${i}`, name: `Manager ${i}` })),
    teams: ids.map((i) => ({
      id: `young-team-${i}`,
      leagueId: created.league.id,
      userId: `young-user-${i}`,
      name: `Team ${i}`,
    })),
  });
  const row = await db
    .selectFrom('leagues')
    .select(['id', 'competition_id'])
    .where('id', '=', created.league.id)
    .executeTakeFirstOrThrow();
  league = { id: row.id, competitionId: row.competition_id };
  // Every team gets its (empty) totals row, as the first read of the table would give it.
  await fillMissingTotals(db, league.id, season);
  const read = await readStandings(db, league, season, {}, null);
  expect(read.rows).toHaveLength(50);
  expect(read.page.teams).toBe(teams);
});

/** Bytes young collections moved to the old generation while `read` ran `times` times. */
const promotedBy = async (read: () => Promise<unknown>, times: number) => {
  for (let i = 0; i < times; i += 1) await read();
  minor();
  minor();
  const profiler = new GCProfiler();
  profiler.start();
  for (let i = 0; i < times; i += 1) {
    await read();
    // A collection every few reads: what it finds alive is at most the read under way.
    if (i % 20 === 0) minor();
  }
  minor();
  const { statistics } = profiler.stop();
  const old = (spaces: { spaceName: string; spaceUsedSize: number }[]) =>
    spaces.find((s) => s.spaceName === 'old_space')?.spaceUsedSize ?? 0;
  return statistics
    .filter((s) => s.gcType === 'Scavenge')
    .reduce(
      (sum, s) => sum + old(s.afterGC.heapSpaceStatistics) - old(s.beforeGC.heapSpaceStatistics),
      0,
    );
};

describe('a read leaves its rows to the young generation', () => {
  it('rows of plain queries (60 rows each) die young', async () => {
    const { db } = t.services.database;
    const promoted = await promotedBy(
      () =>
        sql`select t.id, t.name, u.name as manager from teams t join "user" u on u.id = t.user_id
          where t.league_id = ${league.id} order by t.name`.execute(db),
      300,
    );
    // Kept alive, 300 reads of 60 rows move well over a megabyte; dying young, a few kilobytes.
    expect(promoted).toBeLessThan(256 * 1024);
  });

  it("a table's page, ranked, dies young", async () => {
    const { db } = t.services.database;
    const promoted = await promotedBy(() => readStandings(db, league, season, {}, null), 200);
    expect(promoted).toBeLessThan(256 * 1024);
  });
});
