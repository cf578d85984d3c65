// Bonus questions of a 10,000-team league (issue 14): `node --import tsx bench/bonus.ts`.
// On the large league of large-league.ts (20 picks a team) every team answers a champion
// question; then it prints: settling it (every answer scored and the table moved in one
// transaction) with the event loop's longest delay meanwhile, settling it again (the
// correction path), the question list after the deadline (the answers counted, then kept), and
// the standings' first page right after.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { answerKey } from '../src/domain/bonus-rules';
import type { SessionUser } from '../src/server/auth/auth';
import { listBonus, settleQuestion } from '../src/server/bonus/service';
import { leagueStandings } from '../src/server/leagues/standings-service';
import {
  benchCompetition,
  largeLeagueTeams as teams,
  ms,
  out,
  withLargeLeague,
} from './large-league';
import { percentile } from './load';
import { leagueId, teamId } from './seed-scale';

const competitionId = benchCompetition;
const clubs = ['Arsenal', 'Chelsea', 'Everton', 'Fulham', 'Leeds United', 'Liverpool'];

await withLargeLeague('bonus', 20, async ({ database, standings, now }) => {
  const { db } = database;
  const league = leagueId(0);
  const admin: SessionUser = {
    id: 'bench-admin',
    email: 'admin@example.com',
    name: 'Admin',
    role: 'user',
    isAnonymous: false,
    emailVerified: true,
    locale: 'en',
    twoFactorEnabled: false,
  };
  await db
    .insertInto('user')
    .values({
      id: admin.id,
      name: admin.name,
      email: admin.email,
      emailVerified: 1,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    } as never)
    .execute();
  await db
    .updateTable('leagues')
    .set({ admin_user_id: admin.id })
    .where('id', '=', league)
    .execute();
  const season = (
    await db
      .selectFrom('fixtures')
      .select('season')
      .where('competition_id', '=', competitionId)
      .executeTakeFirstOrThrow()
  ).season;
  const at = new Date(now.getTime() - 60_000).toISOString();
  await db
    .insertInto('bonus_questions')
    .values({
      id: 'bench-q',
      league_id: league,
      season,
      kind: 'champion',
      prompt: null,
      options_json: JSON.stringify(clubs),
      points: 5,
      deadline_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (let from = 0; from < teams; from += 2_000) {
    const rows = [];
    for (let i = from; i < Math.min(teams, from + 2_000); i += 1) {
      const answer = clubs[i % clubs.length] ?? 'Arsenal';
      rows.push({
        question_id: 'bench-q',
        team_id: teamId(0, i),
        answer,
        answer_key: answerKey(answer),
        created_at: at,
        updated_at: at,
      });
    }
    await db.insertInto('bonus_answers').values(rows).execute();
  }
  await database.optimize();
  out(`${teams.toLocaleString('en')} teams, every one answered a champion question`);

  const deps = { database, standings };
  const timed = async (label: string, run: () => Promise<unknown>) => {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    // A second probe: the longest gap between turns of a timer chain.
    let longest = 0;
    let last = performance.now();
    let probing = true;
    const tick = () => {
      const at = performance.now();
      longest = Math.max(longest, at - last);
      last = at;
      if (probing) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const started = performance.now();
    await run();
    const took = performance.now() - started;
    probing = false;
    loop.disable();
    out(
      `${label}: ${ms(took)}, event loop longest delay ${ms(loop.max / 1e6)} (longest turn ${ms(longest)})`,
    );
  };
  await timed('settle (10,000 answers scored, table moved)', () =>
    settleQuestion(
      deps,
      admin,
      { leagueId: league, questionId: 'bench-q', correct: ['Chelsea'] },
      now,
    ),
  );
  await timed('settle again (a correction)', () =>
    settleQuestion(
      deps,
      admin,
      { leagueId: league, questionId: 'bench-q', correct: ['Arsenal'] },
      now,
    ),
  );
  await timed('question list, answers counted', () =>
    listBonus(deps, null, { leagueId: league }, now),
  );
  const kept: number[] = [];
  for (let i = 0; i < 200; i += 1) {
    const started = performance.now();
    await listBonus(deps, null, { leagueId: league }, now);
    kept.push(performance.now() - started);
  }
  kept.sort((a, b) => a - b);
  out(
    `question list, counts kept: p50 ${ms(percentile(kept, 50))}, p99 ${ms(percentile(kept, 99))}`,
  );
  await timed('standings first page after settling', () =>
    leagueStandings(deps, null, { leagueId: league }, now),
  );
  const top = await leagueStandings(deps, null, { leagueId: league }, now);
  out(`standings response ${JSON.stringify(top).length} bytes, bonus column ${String(top.bonus)}`);
});
