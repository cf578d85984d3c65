import { sql, type Kysely, type Transaction } from 'kysely';
import type { BonusKind } from '../../domain/bonus-rules';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Bonus questions and answers (docs/design.md §3, decision 016). A settled answer's points sit in the
 * answer row and, summed, in its team's season totals (`bonus_points`, inside `points`): a
 * settlement moves the totals by (new − old) per answer, so settling again corrects.
 */

export interface QuestionRow {
  id: string;
  leagueId: string;
  season: string;
  kind: BonusKind;
  prompt: string | null;
  options: string[];
  points: number;
  deadline: string;
  correct: string[] | null;
  settledAt: string | null;
}

const questionColumns = [
  'id',
  'league_id',
  'season',
  'kind',
  'prompt',
  'options_json',
  'points',
  'deadline_at',
  'correct_json',
  'settled_at',
] as const;

const toQuestion = (r: {
  id: string;
  league_id: string;
  season: string;
  kind: string;
  prompt: string | null;
  options_json: string;
  points: number;
  deadline_at: string;
  correct_json: string | null;
  settled_at: string | null;
}): QuestionRow => ({
  id: r.id,
  leagueId: r.league_id,
  season: r.season,
  kind: r.kind as BonusKind,
  prompt: r.prompt,
  options: JSON.parse(r.options_json) as string[],
  points: Number(r.points),
  deadline: r.deadline_at,
  correct: r.correct_json === null ? null : (JSON.parse(r.correct_json) as string[]),
  settledAt: r.settled_at,
});

/** A league's questions of a season, the soonest deadline first (30 at most). */
export const listQuestions = async (db: Db, leagueId: string, season: string) =>
  (
    await db
      .selectFrom('bonus_questions')
      .select(questionColumns)
      .where('league_id', '=', leagueId)
      .where('season', '=', season)
      .orderBy('deadline_at')
      .orderBy('created_at')
      .execute()
  ).map(toQuestion);

export const countQuestions = async (db: Db, leagueId: string, season: string) =>
  Number(
    (
      await db
        .selectFrom('bonus_questions')
        .select(sql<number>`count(*)`.as('n'))
        .where('league_id', '=', leagueId)
        .where('season', '=', season)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findQuestion = async (db: Db, id: string) => {
  const row = await db
    .selectFrom('bonus_questions')
    .select(questionColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toQuestion(row) : null;
};

export const insertQuestion = async (
  db: Db,
  q: Omit<QuestionRow, 'correct' | 'settledAt'>,
  at: string,
) => {
  await db
    .insertInto('bonus_questions')
    .values({
      id: q.id,
      league_id: q.leagueId,
      season: q.season,
      kind: q.kind,
      prompt: q.prompt,
      options_json: JSON.stringify(q.options),
      points: q.points,
      deadline_at: q.deadline,
      created_at: at,
      updated_at: at,
    })
    .execute();
};

export const deleteQuestion = async (db: Db, id: string) => {
  await db.deleteFrom('bonus_questions').where('id', '=', id).execute();
};

/**
 * Per team, the questions still open (deadline after `at`) it has not answered: the home hub's
 * reminder. From the player's own teams, never a league's answers.
 */
export const unansweredCounts = async (db: Db, teamIds: string[], at: string) => {
  if (teamIds.length === 0) return new Map<string, number>();
  const rows = await sql<{ team_id: string; n: number }>`select t.id as team_id, count(*) as n
    from teams t join bonus_questions q on q.league_id = t.league_id and q.deadline_at > ${at}
    where t.id in (${sql.join(teamIds)})
      and not exists (select 1 from bonus_answers a where a.question_id = q.id and a.team_id = t.id)
    group by t.id`.execute(db);
  return new Map(rows.rows.map((r) => [r.team_id, Number(r.n)]));
};

/** The user's teams in a league (a handful). */
export const teamsOfUser = async (db: Db, leagueId: string, userId: string) =>
  (
    await db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('league_id', '=', leagueId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((t) => ({ teamId: t.id, teamName: t.name }));

/** The answers of some teams to some questions. */
export const answersOf = async (db: Db, questionIds: string[], teamIds: string[]) =>
  questionIds.length === 0 || teamIds.length === 0
    ? []
    : (
        await db
          .selectFrom('bonus_answers')
          .select(['question_id', 'team_id', 'answer', 'points'])
          .where('question_id', 'in', questionIds)
          .where('team_id', 'in', teamIds)
          .execute()
      ).map((a) => ({
        questionId: a.question_id,
        teamId: a.team_id,
        answer: a.answer,
        points: a.points === null ? null : Number(a.points),
      }));

/** How many teams answered a question and its most given answers (one search of its index). */
export const answerCounts = async (db: Db, questionId: string, shown: number) => {
  const rows = await db
    .selectFrom('bonus_answers')
    .select([sql<string>`min(answer)`.as('answer'), sql<number>`count(*)`.as('teams')])
    .where('question_id', '=', questionId)
    .groupBy('answer_key')
    .execute();
  const counts = rows
    .map((r) => ({ answer: r.answer, teams: Number(r.teams) }))
    .sort((a, b) => b.teams - a.teams || a.answer.localeCompare(b.answer));
  return { total: counts.reduce((sum, c) => sum + c.teams, 0), top: counts.slice(0, shown) };
};

export const saveAnswer = async (
  db: Db,
  a: { questionId: string; teamId: string; answer: string; key: string },
  at: string,
) => {
  await db
    .insertInto('bonus_answers')
    .values({
      question_id: a.questionId,
      team_id: a.teamId,
      answer: a.answer,
      answer_key: a.key,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['question_id', 'team_id']).doUpdateSet({
        answer: a.answer,
        answer_key: a.key,
        updated_at: at,
      }),
    )
    .execute();
};

export const markSettled = async (db: Db, id: string, correct: string[], at: string) => {
  await db
    .updateTable('bonus_questions')
    .set({ correct_json: JSON.stringify(correct), settled_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
};
