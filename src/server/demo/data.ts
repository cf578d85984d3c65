import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { applyImport } from '../imports/service';
import { answerQuestion, createQuestion, listBonus } from '../bonus/service';
import { createLeague, joinLeague } from '../leagues/service';
import { findLeagueByName } from '../leagues/repository';
import { writePicks } from '../predictions/service';
import type { Actor } from '../results/change';
import { calls, fixtureCsv, played, zone } from './plan';
import { addCompetition, changeFixture } from '../results/service';
import { findUserByEmail, markEmailVerified } from '../account/repository';
import { findCompetitionFacts } from '../competitions/repository';
import { fixtureOutline } from '../fixtures/repository';
import { inTransaction } from '../db/transaction';

/**
 * Demo data (`npm run demo`, or `DEMO=1 npm start`): a competition with a played round and
 * fixtures over the next 14 days, three players in one league with predictions (a joker too)
 * and points. Runs only when asked; running it again changes nothing.
 */
export const demo = {
  competitionId: 'demo_cup',
  leagueName: 'Demo League',
  password: 'demo-pass-2026',
  players: [
    { email: 'demo1@firstgoal.local', name: 'Ada', team: 'Ada Athletic' },
    { email: 'demo2@firstgoal.local', name: 'Ben', team: 'Ben Rovers' },
    { email: 'demo3@firstgoal.local', name: 'Cleo', team: 'Cleo City' },
  ],
} as const;

const actor: Actor = { id: null, label: 'demo', origin: 'admin' };
const demoUser = async (services: Services, p: (typeof demo.players)[number]) => {
  const { db } = services.database;
  const find = () => findUserByEmail(db, p.email);
  if (!(await find()))
    await services.auth.api.signUpEmail({
      body: { email: p.email, password: demo.password, name: p.name },
    });
  // Demo accounts can sign in at once, even where e-mail verification is required.
  await markEmailVerified(db, p.email);
  const row = await find();
  if (!row) throw new Error(`demo user ${p.email} was not created`);
  const user: SessionUser = {
    ...row,
    role: 'user',
    isAnonymous: false,
    emailVerified: true,
    locale: 'en',
    twoFactorEnabled: false,
  };
  return user;
};

export const signInHelp = () => [
  'Demo data is ready. Sign in with any of:',
  ...demo.players.map((p) => `  ${p.email}  /  ${demo.password}   (team ${p.team})`),
  `They play in '${demo.leagueName}' (competition 'FirstGoal Demo Cup', page /demo-cup).`,
];

/** Adds the demo data unless it is there already; returns what to print. */
export const seedDemo = async (services: Services) => {
  const { database, bus, standings } = services;
  const db = database.db;
  const now = services.now();
  if (await findLeagueByName(db, demo.leagueName)) return { created: false, lines: signInHelp() };
  if (!(await findCompetitionFacts(db, demo.competitionId)))
    await addCompetition(
      { database, bus, standings },
      actor,
      {
        id: demo.competitionId,
        name: 'FirstGoal Demo Cup',
        route: '/demo-cup',
        kind: 'cards',
        country: 'Demo',
        timeZone: zone,
        seasonLabel: String(now.getUTCFullYear()),
      },
      now,
    );
  if ((await fixtureOutline(db, demo.competitionId)).length === 0)
    await applyImport(
      { database, bus, standings },
      actor,
      { competitionId: demo.competitionId, format: 'csv', content: fixtureCsv(now) },
      now,
    );
  const fixtures = await fixtureOutline(db, demo.competitionId);
  const roundOne = fixtures.filter((f) => f.round === 'Round 1');
  const next = fixtures.find((f) => f.round === 'Round 2');

  const users = [];
  for (const p of demo.players) users.push(await demoUser(services, p));
  const [owner, ...others] = users;
  if (!owner) throw new Error('no demo players');
  const created = await createLeague(
    services,
    owner,
    {
      leagueName: demo.leagueName,
      teamName: demo.players[0].team,
      competitionId: demo.competitionId,
    },
    now,
  );
  const teamIds = [created.teams[0]?.id ?? ''];
  for (const [i, user] of others.entries()) {
    const joined = await joinLeague(
      services,
      user,
      { codeOrName: created.league.inviteCode, teamName: demo.players[i + 1]?.team ?? '' },
      now,
    );
    teamIds.push(joined.team.id);
  }
  // Made "before kick-off": written straight to the table (the round has been played since).
  for (const [t, teamId] of teamIds.entries()) {
    const writes = roundOne.map((f, i) => {
      const [outcome, minute] = calls[t]?.[i] ?? ['X', 0];
      return { fixtureId: f.id, outcome, firstGoalMinute: minute, joker: i === t };
    });
    if (next)
      writes.push({ fixtureId: next.id, outcome: '1', firstGoalMinute: 30 + t, joker: false });
    const seasons = new Map([...roundOne, ...(next ? [next] : [])].map((f) => [f.id, f]));
    await inTransaction(db, (trx) =>
      writePicks(
        trx,
        database.dialect,
        { id: teamId, leagueId: created.league.id },
        writes,
        seasons,
        now.toISOString(),
      ),
    );
  }
  for (const [i, f] of roundOne.entries()) {
    const [, , homeScore, awayScore, firstGoalMinute] = played[i] ?? [];
    if (f.status !== 'final' && homeScore !== undefined)
      await changeFixture(
        { database, bus, standings },
        actor,
        { fixtureId: f.id, change: { status: 'final', homeScore, awayScore, firstGoalMinute } },
        now,
      );
  }
  // A bonus question of the season, open for three more days, which two players answered.
  const questionId = await createQuestion(
    services,
    owner,
    {
      leagueId: created.league.id,
      kind: 'champion',
      points: 5,
      deadline: new Date(now.getTime() + 3 * 86_400_000).toISOString(),
    },
    now,
  );
  const { questions } = await listBonus(services, owner, { leagueId: created.league.id }, now);
  const clubs = questions[0]?.options ?? [];
  for (const [t, user] of users.slice(0, 2).entries()) {
    const answer = clubs[t];
    const teamId = teamIds[t];
    if (answer !== undefined && teamId !== undefined)
      await answerQuestion(
        services,
        user,
        { leagueId: created.league.id, questionId, teamId, answer },
        now,
      );
  }
  return { created: true, lines: signInHelp() };
};
