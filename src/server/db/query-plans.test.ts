import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkLoad } from '../../../tests/setup/bulk';
import { appPerFile } from '../../../tests/setup/test-app';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import * as fixtureReads from '../fixtures/season-repository';
import * as hub from '../hub/repository';
import * as leagues from '../leagues/repository';
import * as pickReads from '../predictions-store/league-repository';
import * as predictions from '../predictions-store/repository';
import { standingsVersion } from '../standings/versions-repository';
import { readStandings } from '../standings/table';
import { reconcile } from '../standings/tally-sql';
import * as standings from '../standings/repository';
import { preparedStatement } from './database';
import type { DB } from './schema';

// The hot paths (standings, a team's picks, a save, a player's leagues) must reach predictions
// through the team (an index search), never by scanning predictions or walking every
// prediction of a fixture across all leagues: a query may not grow with other leagues' size.
let leagueId = '';
let teamId = '';
let userId = '';
let fixtureIds: string[] = [];
const sqlite = () => t.services.database.dialect === 'sqlite';

const t = appPerFile({ now: () => new Date('2026-11-22T12:00:00Z') });
beforeAll(async () => {
  if (!sqlite()) return;
  const { db } = t.services.database;
  // Many leagues of players with a team each, predicting a few fixtures: the planner's
  // statistics then look like a real site's (a league's teams are few, predictions many).
  const at = new Date().toISOString();
  const fixtures = (
    await db
      .selectFrom('fixtures')
      .select('id')
      .where('competition_id', '=', 'premier_league')
      .where('season', '=', '2026-27')
      .limit(12)
      .execute()
  ).map((f) => f.id);
  fixtureIds = fixtures;
  for (let l = 0; l < 40; l += 1) {
    const league = `plan-league-${l}`;
    const members = Array.from({ length: 15 }, (_, i) => `plan-user-${l}-${i}`);
    const teams = members.map((user, i) => ({
      id: `${league}-team-${i}`,
      leagueId: league,
      userId: user,
      name: `Team ${i}`,
    }));
    await bulkLoad(
      db,
      {
        leagues: [
          { id: league, name: `Plan League ${l}`, inviteCode: `PL${String(l).padStart(4, '0')}` },
        ],
        users: members.map((id) => ({ id })),
        teams,
        predictions: teams.flatMap((team) =>
          fixtures.map((fixtureId) => ({ teamId: team.id, fixtureId, outcome: '1' as const })),
        ),
      },
      at,
    );
  }
  leagueId = 'plan-league-7';
  // What start-up (and a large import) does; without statistics SQLite may walk a fixture's
  // predictions of every league instead (tested: the round tables then fail this test).
  teamId = 'plan-league-7-team-3';
  userId = 'plan-user-7-3';
  await t.services.database.optimize();
});

/** The plans of every statement a piece of repository code runs. */
const plansOf = async (run: (db: Kysely<DB>) => Promise<unknown>) => {
  const path = t.services.env.database.dialect === 'sqlite' ? t.services.env.database.path : '';
  const connection = new SQLite(path);
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: connection }),
    log: (event) => {
      if (event.level === 'query')
        statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    await run(db);
    return statements.map(({ sql, parameters }) =>
      Object.assign(
        (
          connection.prepare(`explain query plan ${sql}`).all(...(parameters as never[])) as {
            detail: string;
          }[]
        ).map((row) => row.detail),
        { sql },
      ),
    );
  } finally {
    await db.destroy();
  }
};

const touchesPredictionsByTeam = (plan: string[]) =>
  plan
    .filter((d) => /\b(predictions|p)\b/.test(d) && /^(SCAN|SEARCH)/.test(d))
    .every((d) =>
      /^SEARCH (predictions|p) USING (PRIMARY KEY|(COVERING )?INDEX \w+) \(team_id=\?/.test(d),
    );

describe.runIf(!postgresTestUrl())('query plans (SQLite)', () => {
  it.each([
    [
      'standings (a page, the top, a round)',
      (db: Kysely<DB>) =>
        readStandings(db, { id: leagueId, competitionId: 'premier_league' }, '2026-27', {}, userId),
    ],
    [
      'standings around the viewer',
      (db: Kysely<DB>) =>
        readStandings(
          db,
          { id: leagueId, competitionId: 'premier_league' },
          '2026-27',
          { around: 'me', page: 3 },
          userId,
        ),
    ],
    [
      'the seasons a league played',
      (db: Kysely<DB>) => leagues.seasonsPlayed(db, leagueId, ['2025-26', '2026-27']),
    ],
    ["a league's standings version", (db: Kysely<DB>) => standingsVersion(db, leagueId)],
    [
      'scoring a batch of leagues',
      (db: Kysely<DB>) =>
        reconcile(
          db,
          'sqlite',
          {
            id: fixtureIds[0] ?? '',
            season: '2026-27',
            round: 'Matchday 1',
            result: { homeScore: 1, awayScore: 0, firstGoalMinute: 30 },
          },
          { leagueIds: ['plan-league-7', 'plan-league-8'] },
        ),
    ],
    ['a team’s predictions', (db: Kysely<DB>) => predictions.predictionsOfTeam(db, teamId)],
    ['a team’s jokers (save)', (db: Kysely<DB>) => predictions.jokersOfTeam(db, teamId)],
    [
      'a save',
      (db: Kysely<DB>) =>
        predictions.upsertPredictions(
          db,
          teamId,
          [
            {
              fixtureId: 'premier_league_200',
              outcome: 'X',
              firstGoalMinute: 30,
              joker: false,
              tallied: 1,
            },
          ],
          new Date().toISOString(),
        ),
    ],
    ['a player’s leagues', (db: Kysely<DB>) => leagues.listUserLeagues(db, userId)],
    [
      'the home hub',
      async (db: Kysely<DB>) => {
        const season = '2026-27';
        const now = '2026-11-22T12:00:00.000Z';
        await fixtureReads.nextOpenRound(db, 'premier_league', season, now);
        await pickReads.predictedCounts(db, [teamId], fixtureIds);
        await fixtureReads.latestScoredRound(db, 'premier_league', season);
        await standings.roundScore(db, teamId, season, 'Matchday 1');
        await standings.countBetterBefore(db, leagueId, season, 'Matchday 1', {
          points: 3,
          exactMinutes: 0,
          correctOutcomes: 1,
        });
        await fixtureReads.latestResults(db, 'premier_league', season, 5);
        await pickReads.picksOfTeams(db, [teamId], fixtureIds);
        await hub.leagueTeamCount(db, leagueId);
        await fixtureReads.competitionFixturesStamp(db, 'premier_league');
      },
    ],
    [
      'a player’s calendar feed',
      async (db: Kysely<DB>) => {
        await fixtureReads.seasonFixturesWithTeams(db, 'premier_league', '2026-27');
        await pickReads.allPicksOfTeams(db, [teamId]);
      },
    ],
  ])('%s reach predictions through the team, never by a scan', async (_name, run) => {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      // No table of everyone's rows is walked: not predictions, teams, leagues or users.
      expect(plan.join(' | '), plan.join('\n')).not.toMatch(
        /\bSCAN (predictions|p|teams|t|leagues|l|user|u|team_totals|tt|round_totals|rt)\b/,
      );
      expect(touchesPredictionsByTeam(plan), plan.join('\n')).toBe(true);
    }
  });

  it("reads a league's teams in name order off an index, not by sorting them all", async () => {
    const plans = await plansOf((db) =>
      readStandings(db, { id: leagueId, competitionId: 'premier_league' }, '2026-27', {}, userId),
    );
    const inNameOrder = plans.filter((plan) =>
      /from "teams" as "t" where "t"\."league_id" = \? .*order by lower\(t\.name\)/.test(plan.sql),
    );
    expect(inNameOrder.length).toBeGreaterThan(0);
    for (const plan of inNameOrder)
      expect(plan.join(' | '), plan.sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});

describe.runIf(postgresTestUrl())('the app’s PostgreSQL sessions (decisions 023, 024)', () => {
  it('plan without JIT compilation and cost a random read as on solid-state storage', async () => {
    const { db } = t.services.database;
    // Every connection of the pool: several statements at once take several.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql<{
          jit: string;
          cost: string;
        }>`select current_setting('jit') as jit, current_setting('random_page_cost') as cost, pg_sleep(0.05)`.execute(
          db,
        ),
      ),
    );
    for (const { rows } of settings) expect(rows[0]).toMatchObject({ jit: 'off', cost: '1.1' });
  });

  it('prepare a registered statement once per connection and bind it afterwards; others stay unnamed', async () => {
    const { db } = t.services.database;
    const registered = preparedStatement('select $1::int + 1 as n');
    const plain = 'select $1::int + 2 as n';
    // One pooled connection for the whole check (prepared statements belong to a session).
    const seen = await db.connection().execute(async (connection) => {
      const run = async (text: string, value: number) =>
        (await connection.executeQuery<{ n: number }>(CompiledQuery.raw(text, [value]))).rows[0]?.n;
      expect([await run(registered, 1), await run(registered, 41), await run(plain, 1)]).toEqual([
        2, 42, 3,
      ]);
      return (
        await connection.executeQuery<{ statement: string }>(
          CompiledQuery.raw('select statement from pg_prepared_statements', []),
        )
      ).rows.map((r) => r.statement);
    });
    expect(seen).toContain(registered);
    expect(seen).not.toContain(plain);
  });
});
