import { randomUUID } from 'node:crypto';
import { isLeagueAdmin, requireStanding } from '../access/league-access';
import type { SessionUser } from '../auth/auth';
import { leagueActorOf, writeLeagueLog } from '../league-log/league-log';
import type { LogData } from '../../domain/feed';
import { auditActorOf, writeAudit } from '../audit/repository';
import { inTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { resolveSeason } from '../fixtures/seasons';
import type { Services } from '../context';
import { findLeague } from '../leagues/service';
import * as leagues from '../leagues/repository';
import { bonusSettled, leaguesChanged } from '../standings/standings';
import { answerKey, bonusLimits, teamKinds, typedKinds } from '../../domain/bonus-rules';
import type { BonusQuestion, CreateBonusBody } from '../../domain/bonus';
import { seasonClubs } from '../fixtures/season-repository';
import * as repo from './repository';

/**
 * Bonus questions (issue 14, decision 016): the league admin asks, members answer per team until
 * the deadline, others' answers show only after it, the admin settles and the points join the
 * table (`bonus_points` inside the season's `points`). Every admin step is audited.
 */

/** What bonus services need: the database and the standings (the table's bonus column). */
type Deps = Pick<Services, 'database' | 'standings'>;

/** Most given answers shown once a question closes. */
const answersShown = 8;

const isTyped = (kind: repo.QuestionRow['kind']) => typedKinds.includes(kind);

const manager = async (deps: Deps, user: SessionUser, leagueId: string) => {
  const league = await findLeague(deps, { leagueId });
  await requireStanding(deps.database.db, league, user, 'manageBonus');
  return league;
};

const questionOf = async (deps: Deps, leagueId: string, questionId: string) => {
  const question = await repo.findQuestion(deps.database.db, questionId);
  if (!question || question.leagueId !== leagueId) throw new AppError('BONUS_NOT_FOUND');
  return question;
};

const closed = (q: { deadline: string }, now: Date) => Date.parse(q.deadline) <= now.getTime();

const audit = (
  db: Parameters<typeof writeAudit>[0],
  user: SessionUser,
  action: string,
  leagueId: string,
  entry: { before?: unknown; after?: unknown },
  now: Date,
) =>
  writeAudit(
    db,
    auditActorOf(user),
    { action, entityType: 'league', entityId: leagueId, ...entry },
    now,
  );

/** The season a league's questions belong to: the competition's current one. */
const currentSeason = async (deps: Deps, competitionId: string, now: Date) =>
  (await resolveSeason(deps.database.db, competitionId, undefined, now)).current ?? '';

/** The league's open log: which question (a free one's text, else its kind) and what changed. */
const logBonus = (
  trx: Parameters<typeof writeLeagueLog>[0],
  user: SessionUser,
  league: { id: string; adminUserId: string | null },
  kind: 'bonus_set' | 'bonus_settled' | 'bonus_removed',
  question: { kind: string; prompt: string | null },
  data: LogData,
  now: Date,
) =>
  writeLeagueLog(
    trx,
    {
      leagueId: league.id,
      kind,
      actor: leagueActorOf(user, league),
      data: { questionKind: question.kind, question: question.prompt, ...data },
    },
    now,
  );

/**
 * A league's questions of a season (default: the current one) as `viewer` sees them: their own
 * teams' answers always, everybody's (counted) once a question closed.
 */
export const listBonus = async (
  deps: Deps,
  viewer: SessionUser | null,
  input: { leagueId: string; season?: string | undefined },
  now: Date,
) => {
  const { db } = deps.database;
  const league = await findLeague(deps, input);
  const { season: asked, current } = await resolveSeason(
    db,
    league.competitionId,
    input.season,
    now,
  );
  const season = asked ?? '';
  const [questions, teams] = await Promise.all([
    repo.listQuestions(db, league.id, season),
    viewer ? repo.teamsOfUser(db, league.id, viewer.id) : [],
  ]);
  const mine = await repo.answersOf(
    db,
    questions.map((q) => q.id),
    teams.map((t) => t.teamId),
  );
  const teamName = new Map(teams.map((t) => [t.teamId, t.teamName]));
  // A closed question's answers move only when a team leaves (the version moves): kept.
  const countsOf = (q: repo.QuestionRow) =>
    deps.standings.kept(league.id, 'bonus', q.id, () => repo.answerCounts(db, q.id, answersShown));
  const shown: BonusQuestion[] = [];
  for (const q of questions) {
    const isClosed = closed(q, now);
    shown.push({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      options: q.options,
      points: q.points,
      deadline: q.deadline,
      closed: isClosed,
      correct: q.correct,
      settledAt: q.settledAt,
      mine: mine
        .filter((a) => a.questionId === q.id)
        .map((a) => ({
          teamId: a.teamId,
          teamName: teamName.get(a.teamId) ?? '',
          answer: a.answer,
          points: a.points,
        })),
      answers: isClosed ? await countsOf(q) : null,
    });
  }
  const canManage = isLeagueAdmin(league, viewer) && season === current;
  return {
    season: asked,
    questions: shown,
    canManage,
    teams,
    clubs: canManage ? await seasonClubs(db, league.competitionId, season) : [],
  };
};

/** The league admin asks a question of the current season. */
export const createQuestion = async (
  deps: Deps,
  user: SessionUser,
  input: CreateBonusBody & { leagueId: string },
  now: Date,
) => {
  const { db } = deps.database;
  const league = await manager(deps, user, input.leagueId);
  const deadline = new Date(input.deadline);
  if (deadline.getTime() <= now.getTime()) throw new AppError('BONUS_DEADLINE_PAST');
  if (deadline.getTime() > now.getTime() + bonusLimits.deadlineDays * 86_400_000)
    throw new AppError('BONUS_DEADLINE_FAR');
  const season = await currentSeason(deps, league.competitionId, now);
  if ((await repo.countQuestions(db, league.id, season)) >= bonusLimits.perSeason)
    throw new AppError('BONUS_LIMIT');
  let options: string[] = [];
  if (teamKinds.includes(input.kind)) {
    options = await seasonClubs(db, league.competitionId, season);
    if (options.length < 2) throw new AppError('BONUS_NO_CLUBS');
  } else if (input.kind === 'free') options = input.options ?? [];
  const question = {
    id: randomUUID(),
    leagueId: league.id,
    season,
    kind: input.kind,
    prompt: input.kind === 'free' ? (input.prompt ?? null) : null,
    options,
    points: input.points,
    deadline: deadline.toISOString(),
  };
  await inTransaction(db, async (trx) => {
    await repo.insertQuestion(trx, question, now.toISOString());
    // The table shows a bonus column from the first question on.
    await leaguesChanged(trx, [league.id]);
    const { options: _options, ...shown } = question;
    await audit(trx, user, 'bonus.create', league.id, { after: shown }, now);
    await logBonus(
      trx,
      user,
      league,
      'bonus_set',
      question,
      {
        points: question.points,
        deadline: question.deadline,
      },
      now,
    );
  });
  return question.id;
};

/** A member answers for one of their teams, until the deadline (again: the answer changes). */
export const answerQuestion = async (
  deps: Deps,
  user: SessionUser,
  input: { leagueId: string; questionId: string; teamId: string; answer: string },
  now: Date,
) => {
  const { db } = deps.database;
  const league = await findLeague(deps, input);
  const question = await questionOf(deps, league.id, input.questionId);
  const team = await leagues.findTeam(db, input.teamId);
  if (!team || team.leagueId !== league.id) throw new AppError('TEAM_NOT_FOUND');
  if (team.userId !== user.id) throw new AppError('NOT_YOUR_TEAM');
  if (closed(question, now)) throw new AppError('BONUS_CLOSED');
  const key = answerKey(input.answer);
  let answer = input.answer;
  if (isTyped(question.kind)) {
    if (key.length < bonusLimits.answer[0]) throw new AppError('BONUS_UNKNOWN_ANSWER');
  } else {
    const option = question.options.find((o) => answerKey(o) === key);
    if (option === undefined) throw new AppError('BONUS_UNKNOWN_ANSWER');
    answer = option;
  }
  await repo.saveAnswer(
    db,
    { questionId: question.id, teamId: team.id, answer, key },
    now.toISOString(),
  );
  return { teamId: team.id, answer };
};

/**
 * The league admin names the right answers once the deadline passed; every answer gets its
 * points and the table moves in the same transaction. Settling again corrects.
 */
export const settleQuestion = async (
  deps: Deps,
  user: SessionUser,
  input: { leagueId: string; questionId: string; correct: string[] },
  now: Date,
) => {
  const { database } = deps;
  const league = await manager(deps, user, input.leagueId);
  const question = await questionOf(deps, league.id, input.questionId);
  if (!closed(question, now)) throw new AppError('BONUS_OPEN');
  const correct: string[] = [];
  for (const given of input.correct) {
    const key = answerKey(given);
    const option = isTyped(question.kind)
      ? given.trim().replace(/\s+/g, ' ')
      : question.options.find((o) => answerKey(o) === key);
    if (option === undefined || key === '') throw new AppError('BONUS_UNKNOWN_ANSWER');
    if (!correct.some((c) => answerKey(c) === key)) correct.push(option);
  }
  await inTransaction(database.db, async (trx) => {
    const keys = correct.map(answerKey);
    await bonusSettled(trx, database.dialect, league.id, question, keys, question.points);
    await repo.markSettled(trx, question.id, correct, now.toISOString());
    await audit(
      trx,
      user,
      'bonus.settle',
      league.id,
      { before: { question: question.id, correct: question.correct }, after: { correct } },
      now,
    );
    await logBonus(
      trx,
      user,
      league,
      'bonus_settled',
      question,
      {
        correct: correct.join(', '),
        corrected: question.settledAt !== null,
      },
      now,
    );
  });
};

/** The league admin removes a question: its answers go, and so do the points it gave. */
export const removeQuestion = async (
  deps: Deps,
  user: SessionUser,
  input: { leagueId: string; questionId: string },
  now: Date,
) => {
  const { database } = deps;
  const league = await manager(deps, user, input.leagueId);
  const question = await questionOf(deps, league.id, input.questionId);
  await inTransaction(database.db, async (trx) => {
    if (question.settledAt !== null)
      await bonusSettled(trx, database.dialect, league.id, question, null, 0);
    await repo.deleteQuestion(trx, question.id);
    const { options: _options, ...shown } = question;
    await audit(trx, user, 'bonus.delete', league.id, { before: shown }, now);
    await logBonus(trx, user, league, 'bonus_removed', question, {}, now);
  });
};
