import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { addToTeamTotals, nameTerm, type NameRange } from './tally-sql';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The table's bonus column (decision 016): a settled answer's points sit in its row of
 * `bonus_answers` and, summed, in its team's season totals (`bonus_points`, inside `points`).
 * Settling moves the totals by (new − old) per answer through the statement every move takes, so
 * settling again corrects; a rebuild adds the settled answers after summing the predictions.
 */

/**
 * Gives every answer of the question its points — `points` for an answer among `correctKeys`,
 * else 0; null keys take the question's points back — and moves the teams' totals by the
 * difference. In the caller's transaction, which holds the league's lock.
 */
export const scoreAnswers = async (
  db: Db,
  question: { id: string; season: string },
  correctKeys: string[] | null,
  points: number,
) => {
  const scoreOf = (alias: string) => {
    if (correctKeys === null) return sql<number | null>`cast(null as integer)`;
    if (correctKeys.length === 0) return sql<number>`0`;
    const key = sql.ref(alias === '' ? 'answer_key' : `${alias}.answer_key`);
    return sql<number>`(case when ${key} in (${sql.join(correctKeys)}) then ${points} else 0 end)`;
  };
  const move = sql<number>`coalesce(${scoreOf('a')}, 0) - coalesce(a.points, 0)`;
  await addToTeamTotals(
    sql`select a.team_id, ${question.season}, t.league_id, lower(t.name), ${move}, ${move},
      0, 0, 0, 0, 0, 0, 0
      from bonus_answers a join teams t on t.id = a.team_id
      where a.question_id = ${question.id} and ${move} <> 0`,
  ).execute(db);
  await sql`update bonus_answers set points = ${scoreOf('')} where question_id = ${question.id}`.execute(
    db,
  );
};

/** A rebuild's share: the settled bonus of the leagues' teams added to the totals summed afresh. */
export const addBonusTotals = async (db: Db, leagueIds: string[], names?: NameRange) => {
  if (leagueIds.length === 0) return;
  await addToTeamTotals(
    sql`select t.id, q.season, t.league_id, lower(t.name), sum(a.points), sum(a.points),
      0, 0, 0, 0, 0, 0, 0
      from teams t join bonus_answers a on a.team_id = t.id join bonus_questions q on q.id = a.question_id
      where t.league_id in (${sql.join(leagueIds)})${nameTerm(names, 't')} and a.points is not null
      group by t.id, q.season, t.league_id, t.name
      having sum(a.points) <> 0`,
  ).execute(db);
};

/** Whether the league asked any question in the season (the table shows a bonus column). */
export const hasQuestions = async (db: Db, leagueId: string, season: string) =>
  (await db
    .selectFrom('bonus_questions')
    .select('id')
    .where('league_id', '=', leagueId)
    .where('season', '=', season)
    .executeTakeFirst()) !== undefined;
