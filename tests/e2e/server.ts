// The browser tests' server: the real start-up path (env, migrations, catalogue, app, graceful
// shutdown) with its clock pinned: it starts at E2E_NOW (default Sunday 2026-11-22 12:00 UTC, in
// the middle of the built-in 2026-27 season) and runs on from there, so pages look the same
// whatever day the suite runs. Plus a few fixtures of their own relative to that clock, in the
// current round of each competition's current season, so pages open on games with known ids.
import { currentRoundIndex } from '../../src/domain/seasons';
import { createApp } from '../../src/server/app';
import { createServices } from '../../src/server/bootstrap';
import { loadEnvOrExit } from '../../src/server/env';
import { currentSeason, listFixtures } from '../../src/server/fixtures/repository';
import { startServer } from '../../src/server/server';

const env = loadEnvOrExit();
const pinned = Date.parse(process.env.E2E_NOW ?? '2026-11-22T12:00:00.000Z');
const offset = pinned - Date.now();
const services = await createServices(env, { now: () => new Date(Date.now() + offset) });
const now = services.now().getTime();
const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();
const seeded = new Date(now).toISOString();

/** Fixtures per competition: three open (tomorrow and after), one locked (kicked off an hour ago). */
const seed = [
  {
    competition: 'premier_league',
    prefix: 'premier_league_e2e',
    teams: [
      ['Arsenal FC', 'Chelsea FC'],
      ['Liverpool FC', 'Everton FC'],
      ['Leeds United FC', 'Fulham FC'],
      ['Brentford FC', 'Burnley FC'],
    ],
  },
  {
    competition: 'bundesliga_2025',
    prefix: 'bundesliga_e2e',
    teams: [
      ['FC Bayern München', 'Borussia Dortmund'],
      ['RB Leipzig', 'VfB Stuttgart'],
      ['SC Freiburg', '1. FC Köln'],
      ['Werder Bremen', 'FC Augsburg'],
    ],
  },
  {
    competition: 'efl_championship_2025',
    prefix: 'efl_championship_e2e',
    teams: [
      ['Leicester City FC', 'Hull City AFC'],
      ['Ipswich Town FC', 'Norwich City FC'],
      ['Wrexham AFC', 'Stoke City FC'],
      ['Watford FC', 'Millwall FC'],
    ],
  },
  {
    competition: 'uefa_european_womens_championship_2025',
    prefix: 'uwc_e2e',
    teams: [
      ['Spain', 'England'],
      ['Germany', 'France'],
      ['Sweden', 'Norway'],
      ['Italy', 'Netherlands'],
    ],
  },
];
const offsets = [24, 26, 48, -1];

/** Where a competition page opens now: its current season and current round. */
const currentRound = async (competitionId: string) => {
  const { db } = services.database;
  const at = services.now();
  const season = (await currentSeason(db, competitionId, at)) ?? '';
  const byRound = new Map<string, Awaited<ReturnType<typeof listFixtures>>>();
  for (const f of await listFixtures(db, competitionId, season))
    byRound.set(f.round, [...(byRound.get(f.round) ?? []), f]);
  const rounds = [...byRound]
    .map(([label, fixtures]) => ({ label, order: fixtures[0]?.roundOrder ?? 1, fixtures }))
    .sort((a, b) => a.order - b.order);
  const round = rounds[currentRoundIndex(rounds, at)];
  return { season, label: round?.label ?? 'Matchday 1', order: round?.order ?? 1 };
};

const rows = [];
for (const s of seed) {
  const round = await currentRound(s.competition);
  rows.push(
    ...s.teams.map(([home, away], i) => ({
      id: `${s.prefix}_${i + 1}`,
      competition_id: s.competition,
      season: round.season,
      round_label: round.label,
      round_order: round.order,
      kickoff_at: hours(offsets[i] ?? 24),
      home_team: home ?? 'Home',
      away_team: away ?? 'Away',
      created_at: seeded,
      updated_at: seeded,
    })),
  );
}
await services.database.db
  .insertInto('fixtures')
  .values(rows)
  .onConflict((oc) => oc.column('id').doNothing())
  .execute();

const app = createApp(services);
const running = await startServer(services, app, { port: env.PORT, host: env.HOST });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void running.shutdown(signal).then(() => process.exit(0));
  });
}
