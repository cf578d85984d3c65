import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';

/** Picks the totals hold (a bulk load's rows count once tallied) of final fixtures with a result. */
const scored = sql<boolean>`(p.tallied is not null and f.status = 'final' and f.home_score is not null and f.away_score is not null)`;

const sorted = (rows: (string | number)[][]) =>
  rows
    .map((r) => r.map((v) => (typeof v === 'string' ? v : Number(v))))
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/**
 * The statistics counts of these leagues as kept (team_totals.scored_draws, minute_counts) and
 * as counted from scratch from the tallied picks and their fixtures: the two agree after any run.
 */
export const statisticsCounts = async (db: Kysely<DB>, leagueIds: string[]) => {
  const keptDraws = await db
    .selectFrom('team_totals')
    .select(['team_id', 'season', 'scored_draws'])
    .where('league_id', 'in', leagueIds)
    .where('scored_draws', '<>', 0)
    .execute();
  const draws = await sql<{ team_id: string; season: string; n: number }>`
    select p.team_id, f.season, count(*) as n
    from predictions p join teams t on t.id = p.team_id join fixtures f on f.id = p.fixture_id
    where t.league_id in (${sql.join(leagueIds)}) and ${scored} and p.outcome = 'X'
    group by p.team_id, f.season`.execute(db);
  const keptMinutes = await db
    .selectFrom('minute_counts')
    .select(['league_id', 'season', 'minute', 'predictions'])
    .where('league_id', 'in', leagueIds)
    .where('predictions', '<>', 0)
    .execute();
  const minutes = await sql<{ league_id: string; season: string; minute: number; n: number }>`
    select t.league_id, f.season, p.first_goal_minute as minute, count(*) as n
    from predictions p join teams t on t.id = p.team_id join fixtures f on f.id = p.fixture_id
    where t.league_id in (${sql.join(leagueIds)}) and ${scored} and p.first_goal_minute is not null
    group by t.league_id, f.season, p.first_goal_minute`.execute(db);
  return {
    kept: {
      draws: sorted(keptDraws.map((r) => [r.team_id, r.season, r.scored_draws])),
      minutes: sorted(keptMinutes.map((r) => [r.league_id, r.season, r.minute, r.predictions])),
    },
    fromScratch: {
      draws: sorted(draws.rows.map((r) => [r.team_id, r.season, r.n])),
      minutes: sorted(minutes.rows.map((r) => [r.league_id, r.season, r.minute, r.n])),
    },
  };
};
