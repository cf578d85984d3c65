import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile, testBaseUrl, type Agent } from '../../../tests/setup/test-app';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { createStandings } from '../bootstrap';
import type { AppBindings, Services } from '../context';
import { openDatabase, type Database } from '../db/database';

// Issue 26, item 2: picks saved, deleted and copied while an admin finalises (or reopens) their
// fixture — across two app instances on PostgreSQL, one on SQLite. Whatever the interleaving,
// every team's kept totals equal what a rebuild sums from the predictions, and no request
// answers 5xx (a deadlock or serialisation failure is retried).

const clock = new Date('2031-03-01T12:00:00Z');
const season = '2030-31';
const rounds = 6;
const players = 20;
const steps = 4;

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'race-admin@example.com' } });

/** The second instance on PostgreSQL: its own pool, auth and tally worker on the same database. */
let second: { app: Hono<AppBindings>; database: Database; services: Services } | null = null;
beforeAll(() => {
  if (!postgresTestUrl()) return;
  const database = openDatabase(t.services.env.database);
  const services: Services = {
    ...t.services,
    database,
    auth: createAuth({ ...t.services, database }),
    standings: createStandings({ database, now: t.services.now }),
  };
  second = { app: createApp(services, { serveWeb: false }), database, services };
});
afterAll(async () => {
  await second?.services.standings.stop();
  await second?.database.close();
});

const apps = () => [t.app, ...(second ? [second.app] : [])];

/** A request of `agent`'s session to one of the instances. */
const send = async (
  app: Hono<AppBindings>,
  agent: Agent,
  method: string,
  path: string,
  body: unknown,
) => {
  const res = await app.request(`${testBaseUrl}${path}`, {
    method,
    headers: {
      origin: testBaseUrl,
      'content-type': 'application/json',
      cookie: agent.cookieHeader(),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
};

const fixtureOf = (round: number) => `race_${round}`;

interface Member {
  agent: Agent;
  teamA: string;
  teamB: string;
}

/** Every team's kept totals of the two leagues (all counters), ordered. */
const keptTotals = async (leagueIds: string[]) => {
  const { db } = t.services.database;
  const teams = await db
    .selectFrom('team_totals')
    .selectAll()
    .where('league_id', 'in', leagueIds)
    .where((eb) =>
      eb.or([
        eb('points', '<>', 0),
        eb('predictions', '<>', 0),
        eb('jokers', '<>', 0),
        eb('exact_minutes', '<>', 0),
        eb('correct_outcomes', '<>', 0),
        eb('scored_predictions', '<>', 0),
        eb('scored_jokers', '<>', 0),
        eb('scored_draws', '<>', 0),
      ]),
    )
    .orderBy('team_id')
    .orderBy('season')
    .execute();
  const roundRows = await db
    .selectFrom('round_totals')
    .select(['team_id', 'round_label', 'points', 'exact_minutes', 'correct_outcomes'])
    .where('league_id', 'in', leagueIds)
    .where((eb) =>
      eb.or([eb('points', '<>', 0), eb('exact_minutes', '<>', 0), eb('correct_outcomes', '<>', 0)]),
    )
    .orderBy('team_id')
    .orderBy('round_label')
    .execute();
  const minutes = await db
    .selectFrom('minute_counts')
    .select(['league_id', 'minute', 'predictions'])
    .where('league_id', 'in', leagueIds)
    .where('predictions', '<>', 0)
    .orderBy('league_id')
    .orderBy('minute')
    .execute();
  const numbers = <T extends object>(rows: T[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]),
      ),
    );
  return { teams: numbers(teams), rounds: numbers(roundRows), minutes: numbers(minutes) };
};

describe('picks against a result, across instances', () => {
  it(
    'keeps every total equal to a rebuild after saves, deletes and copies race a finalisation',
    { timeout: 300_000 },
    async () => {
      await insertFixtures(
        t,
        Array.from({ length: rounds }, (_, r) => ({
          id: fixtureOf(r),
          kickoffAt: hoursFrom(clock, 2),
          season,
          round: `Round ${r + 1}`,
        })),
      );
      const admin = t.agent();
      await admin.signUp('race-admin@example.com');
      const owner = await player(t, 'Race Owner');
      const one = await createLeague(owner, 'Race One', 'Owner One');
      const two = await createLeague(owner, 'Race Two', 'Owner Two');
      const members: Member[] = [
        { agent: owner, teamA: one.teams[0]?.id ?? '', teamB: two.teams[0]?.id ?? '' },
      ];
      for (let i = 1; i < players; i += 1) {
        const agent = await player(t, `Racer ${i}`);
        const a = await agent.post('/api/leagues/join', {
          codeOrName: one.league.inviteCode,
          teamName: `Racer A${i}`,
        });
        const b = await agent.post('/api/leagues/join', {
          codeOrName: two.league.inviteCode,
          teamName: `Racer B${i}`,
        });
        expect([a.status, b.status]).toEqual([201, 201]);
        members.push({ agent, teamA: a.body.team.id, teamB: b.body.team.id });
      }
      const leagueIds = [one.league.id, two.league.id];
      const instances = apps();
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      const count = (status: number, text: string, what: string) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500 || status === 400 || status === 401 || status === 403)
          failures.push(`${what}: ${status} ${text.slice(0, 200)}`);
      };
      const drifted: number[] = [];

      for (let round = 0; round < rounds; round += 1) {
        const fixtureId = fixtureOf(round);
        // Everyone starts the round with a pick on both teams (a joker now and then).
        await Promise.all(
          members.map(async (m, i) => {
            const pick = {
              fixtureId,
              outcome: (['1', 'X', '2'] as const)[i % 3],
              firstGoalMinute: i % 2 === 0 ? 33 : 10 + i,
              joker: round < 2 && i % 4 === 0,
            };
            const saved = await m.agent.put('/api/predictions', {
              teamId: m.teamA,
              predictions: [pick],
            });
            expect(saved.status).toBe(200);
            const copied = await m.agent.post('/api/predictions/copy', {
              fromTeamId: m.teamA,
              toTeamId: m.teamB,
            });
            expect(copied.status).toBe(200);
          }),
        );
        // Players loop over their picks on both instances while the admin sets the result;
        // every third round the admin then reopens it (a correction) while they go on.
        // They go on until the admin is done, then a few steps more.
        let adminDone = false;
        const loops = members.map(async (m, i) => {
          let after = 0;
          for (let step = 0; (step < steps || after < 2) && step < 60; step += 1) {
            if (adminDone) after += 1;
            const app = instances[(i + step) % instances.length] ?? t.app;
            const pick = {
              fixtureId,
              outcome: (['2', '1', 'X'] as const)[(i + step) % 3],
              firstGoalMinute: (i + step) % 3 === 0 ? 33 : 40 + (step % 40),
              joker: (i + step) % 5 === 0,
            };
            const calls: [string, string, unknown][] = [
              ['DELETE', '/api/predictions', { teamId: m.teamA, fixtureIds: [fixtureId] }],
              ['PUT', '/api/predictions', { teamId: m.teamA, predictions: [pick] }],
              ['POST', '/api/predictions/copy', { fromTeamId: m.teamA, toTeamId: m.teamB }],
              ['DELETE', '/api/predictions', { teamId: m.teamB, fixtureIds: [fixtureId] }],
              [
                'PUT',
                '/api/predictions/multi',
                { teamIds: [m.teamA, m.teamB], predictions: [{ ...pick, joker: undefined }] },
              ],
            ];
            const [method, path, body] = calls[(i + step) % calls.length] ?? calls[0]!;
            const res = await send(app, m.agent, method, path, body);
            count(res.status, res.text, `${method} ${path}`);
          }
        });
        const result = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 20 + (round % 4) * 20));
          const [home, away] = [round % 2, round % 3 === 0 ? 1 : 0];
          const final = await send(
            instances[round % instances.length] ?? t.app,
            admin,
            'PATCH',
            `/api/admin/fixtures/${fixtureId}`,
            {
              status: 'final',
              homeScore: home,
              awayScore: away,
              // A minute not known yet now and then (outcome points only).
              firstGoalMinute: home + away === 0 ? 0 : round % 4 === 1 ? null : '33',
              kickoffAt: hoursFrom(clock, -1).toISOString(),
            },
          );
          count(final.status, final.text, 'finalise');
          if (round % 3 !== 2) return;
          const reopened = await send(
            instances[(round + 1) % instances.length] ?? t.app,
            admin,
            'PATCH',
            `/api/admin/fixtures/${fixtureId}`,
            { status: 'scheduled', kickoffAt: hoursFrom(clock, 2).toISOString() },
          );
          count(reopened.status, reopened.text, 'reopen');
        })().finally(() => {
          adminDone = true;
        });
        await Promise.all([...loops, result]);
        await t.services.standings.drain();
        if (second) await second.services.standings.drain();
        const kept = await keptTotals(leagueIds);
        await t.services.standings.rebuildCompetition('premier_league');
        const rebuilt = await keptTotals(leagueIds);
        if (JSON.stringify(kept) !== JSON.stringify(rebuilt)) {
          drifted.push(round);
          // What differed, beside the failure below.
          for (const key of ['teams', 'rounds', 'minutes'] as const) {
            const a = kept[key].map((r) => JSON.stringify(r));
            const b = rebuilt[key].map((r) => JSON.stringify(r));
            const only = (x: string[], y: string[]) => x.filter((v) => !y.includes(v));
            console.info(`round ${round} ${key}:`, { kept: only(a, b), rebuilt: only(b, a) });
          }
        }
        expect(kept.teams.length).toBeGreaterThan(0);
      }
      expect(failures).toEqual([]);
      expect(drifted).toEqual([]);
      // The race was real: picks were refused as locked and saved in the same runs.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(rounds * players * 2);
    },
  );
});
