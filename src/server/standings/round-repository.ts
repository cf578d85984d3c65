import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { prepared } from '../db/prepared';
import type { DB } from '../db/schema';
import { managerName, teamColumns, toTotals, type Score, type TotalsRow } from './repository';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Round tables from `round_totals` (the rounds with results: `scoredRounds`,
 * fixtures/season-repository.ts): one round's ranking a page at a time (teams that scored by the rank index, then everyone else with 0 by name) and its winners.
 */

const nonZero = sql<boolean>`(rt.points <> 0 or rt.exact_minutes <> 0 or rt.correct_outcomes <> 0)`;

/** The ids of the league's teams that scored anything in the round (a sub-query). */
const scorers = (db: Db, leagueId: string, season: string, round: string) =>
  db
    .selectFrom('round_totals as rt')
    .select('rt.team_id')
    .where('rt.league_id', '=', leagueId)
    .where('rt.season', '=', season)
    .where('rt.round_label', '=', round)
    .where(nonZero);

const roundQuery = (db: Db, leagueId: string, season: string, round: string) =>
  db
    .selectFrom('round_totals as rt')
    .innerJoin('teams as t', 't.id', 'rt.team_id')
    .innerJoin('user as u', 'u.id', 't.user_id')
    .select(['rt.team_id', ...teamColumns, 'rt.points', 'rt.exact_minutes', 'rt.correct_outcomes'])
    .where('rt.league_id', '=', leagueId)
    .where('rt.season', '=', season)
    .where('rt.round_label', '=', round)
    .where(nonZero)
    .orderBy('rt.points', 'desc')
    .orderBy('rt.exact_minutes', 'desc')
    .orderBy('rt.correct_outcomes', 'desc')
    .orderBy('rt.team_key');

/** How many of the round's rows meet `condition`. */
const countInRound = async (
  db: Db,
  leagueId: string,
  season: string,
  round: string,
  condition: RawBuilder<boolean>,
) => {
  const [row] = await prepared(
    db,
    db
      .selectFrom('round_totals as rt')
      .select(sql<number>`count(*)`.as('n'))
      .where('rt.league_id', '=', leagueId)
      .where('rt.season', '=', season)
      .where('rt.round_label', '=', round)
      .where(condition),
  );
  return Number(row?.n ?? 0);
};

/** How many teams rank strictly above this score in the round. */
export const countBetterInRound = (
  db: Db,
  leagueId: string,
  season: string,
  round: string,
  s: Score,
) =>
  countInRound(
    db,
    leagueId,
    season,
    round,
    sql<boolean>`(rt.points > ${s.points} or (rt.points = ${s.points} and (rt.exact_minutes > ${s.exactMinutes} or (rt.exact_minutes = ${s.exactMinutes} and rt.correct_outcomes > ${s.correctOutcomes}))))`,
  );

/** How many teams scored anything in the round (the rest share the last rank with 0). */
export const countScoredInRound = (db: Db, leagueId: string, season: string, round: string) =>
  countInRound(db, leagueId, season, round, nonZero);

/**
 * Positions `offset` … `offset + limit − 1` among the teams that scored in the round, by the rank
 * index (fewer, or none, past the last of them).
 */
export const scorerSlice = async (
  db: Db,
  leagueId: string,
  season: string,
  round: string,
  offset: number,
  limit: number,
) =>
  (
    await prepared(
      db,
      roundQuery(db, leagueId, season, round).where(
        'rt.team_id',
        'in',
        scorers(db, leagueId, season, round)
          .orderBy('rt.points', 'desc')
          .orderBy('rt.exact_minutes', 'desc')
          .orderBy('rt.correct_outcomes', 'desc')
          .orderBy('rt.team_key')
          .limit(limit)
          .offset(offset),
      ),
    )
  ).map(toTotals);

/**
 * The teams that scored nothing in the round, `skip` … `skip + limit − 1` by name: the league's
 * teams walked in name order on their index, past those in the round's (small, hashed) list of
 * scorers; only the page's teams are then read with their owners.
 */
export const zeroSlice = async (
  db: Db,
  leagueId: string,
  season: string,
  round: string,
  skip: number,
  limit: number,
): Promise<TotalsRow[]> => {
  const ids = (
    await prepared(
      db,
      db
        .selectFrom('teams as t')
        .select('t.id')
        .where('t.league_id', '=', leagueId)
        .where('t.id', 'not in', scorers(db, leagueId, season, round))
        .orderBy(sql`lower(t.name)`)
        .limit(limit)
        .offset(skip),
    )
  ).map((t) => t.id);
  if (ids.length === 0) return [];
  const teams = new Map(
    (
      await db
        .selectFrom('teams as t')
        .innerJoin('user as u', 'u.id', 't.user_id')
        .select(['t.id', ...teamColumns])
        .where('t.id', 'in', ids)
        .execute()
    ).map((r) => [r.id, r]),
  );
  // In the order the walk found them (the database's order of names).
  return ids.flatMap((id) => {
    const r = teams.get(id);
    return r
      ? [
          {
            teamId: r.id,
            teamName: r.name,
            userId: r.user_id,
            manager: managerName(r.manager),
            points: 0,
            bonusPoints: 0,
            exactMinutes: 0,
            correctOutcomes: 0,
            predictions: 0,
            jokers: 0,
            scoredPredictions: 0,
            scoredJokers: 0,
          },
        ]
      : [];
  });
};

/**
 * The round's winners: every team level with the top score, when it is above 0 (at most `limit`,
 * with how many there are), in one statement.
 */
export const roundWinners = async (
  db: Db,
  leagueId: string,
  season: string,
  round: string,
  limit: number,
) => {
  const rows = await prepared(
    db,
    roundQuery(db, leagueId, season, round)
      .select(sql<number>`count(*) over ()`.as('level_count'))
      .where('rt.points', '>', 0)
      .where(
        sql<boolean>`(rt.points, rt.exact_minutes, rt.correct_outcomes) = (select x.points, x.exact_minutes, x.correct_outcomes
        from round_totals x where x.league_id = ${leagueId} and x.season = ${season} and x.round_label = ${round}
        order by x.points desc, x.exact_minutes desc, x.correct_outcomes desc limit 1)`,
      )
      .limit(limit),
  );
  return { winners: rows.map(toTotals), count: Number(rows[0]?.level_count ?? 0) };
};

/** Whether any of the league's teams has a scored pick in the round (one index seek). */
export const leagueHasRound = async (db: Db, leagueId: string, season: string, round: string) => {
  const [row] = await prepared(
    db,
    db
      .selectFrom('round_totals as rt')
      .select('rt.team_id')
      .where('rt.league_id', '=', leagueId)
      .where('rt.season', '=', season)
      .where('rt.round_label', '=', round)
      .limit(1),
  );
  return row !== undefined;
};

/**
 * The rounds a league's round tables offer: from the first in which any of its teams had a
 * scored pick (a league started at Matchday 5 has no tables of Matchdays 1–4), latest first.
 */
export const leagueRoundsOf = async <R extends { round: string }>(
  db: Db,
  leagueId: string,
  season: string,
  rounds: readonly R[],
): Promise<R[]> => {
  for (let i = rounds.length - 1; i >= 0; i -= 1) {
    const round = rounds[i] as R;
    if (await leagueHasRound(db, leagueId, season, round.round)) return rounds.slice(0, i + 1);
  }
  return [];
};
