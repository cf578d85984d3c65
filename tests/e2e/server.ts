// The browser tests' server: the real start-up path (env, migrations, catalogue, app, graceful
// shutdown) plus fixtures relative to the real clock, so pages have open and locked games.
// The built-in 2025 rounds are all in the past, which the tests also cover.
import { createApp } from '../../src/server/app';
import { createServices } from '../../src/server/bootstrap';
import { loadEnvOrExit } from '../../src/server/env';
import { startServer } from '../../src/server/server';

const env = loadEnvOrExit();
const services = await createServices(env);
const now = Date.now();
const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();
const seeded = new Date().toISOString();

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
await services.database.db
  .insertInto('fixtures')
  .values(
    seed.flatMap((s) =>
      s.teams.map(([home, away], i) => ({
        id: `${s.prefix}_${i + 1}`,
        competition_id: s.competition,
        round_label: 'Matchday 2',
        round_order: 2,
        kickoff_at: hours(offsets[i] ?? 24),
        home_team: home ?? 'Home',
        away_team: away ?? 'Away',
        created_at: seeded,
        updated_at: seeded,
      })),
    ),
  )
  .onConflict((oc) => oc.column('id').doNothing())
  .execute();

const app = createApp(services);
const running = await startServer(services, app, { port: env.PORT, host: env.HOST });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void running.shutdown(signal).then(() => process.exit(0));
  });
}
