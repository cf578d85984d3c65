// The matchday story of a 10,000-team league (issue 33): `node --import tsx bench/story.ts`.
// On the large league of large-league.ts (40 picks a team among the season's finals), on SQLite
// and on PostgreSQL side by side, it prints: the first read of the league's stories (a league first
// opened late in the season: its newest rounds within the read's budget, the others on the next
// reads), one round told again after a correction, the kept read players hit afterwards (p50/p99), the
// 20-team league's first read, and the event loop's longest delay while a story is told.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Services } from '../src/server/context';
import { storiesOfLeague } from '../src/server/feed/stories';
import { findLeague } from '../src/server/leagues/service';
import { createLogger } from '../src/server/logger';
import { benchCompetition, ms, out, withLargeLeague } from './large-league';
import { percentile } from './load';
import { leagueId } from './seed-scale';

type Deps = Parameters<typeof storiesOfLeague>[0];

const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as (
  'sqlite' | 'postgres'
)[];
const rows: string[] = [];

for (const dialect of dialects) {
  await withLargeLeague(
    `story_${dialect}`,
    40,
    async ({ database, standings, now, predictions }) => {
      const { db } = database;
      if (dialect === 'postgres') await sql`analyze`.execute(db);
      const deps = {
        database,
        standings,
        now: () => now,
        logger: createLogger('warn'),
        bus: { publish: async () => undefined } as unknown as Services['bus'],
        env: {} as Services['env'],
      } satisfies Deps;
      const large = await findLeague(deps, { leagueId: leagueId(0) });
      const rounds = Number(
        (
          await db
            .selectFrom('fixtures')
            .select((eb) => eb.fn.count<number>('round_label').distinct().as('n'))
            .where('competition_id', '=', benchCompetition)
            .where('status', '=', 'final')
            .executeTakeFirst()
        )?.n ?? 0,
      );
      const small = await findLeague(deps, { leagueId: leagueId(1) });
      const loop = monitorEventLoopDelay({ resolution: 1 });

      loop.enable();
      const first0 = performance.now();
      const firstTold = (await storiesOfLeague(deps, large)).length;
      const firstMs = performance.now() - first0;
      // The rest of the season's rounds on the next reads (a read tells for about a second).
      let told = await storiesOfLeague(deps, large);
      let reads = 2;
      while (told.length < rounds && reads < 100) {
        told = await storiesOfLeague(deps, large);
        reads += 1;
      }
      const allMs = performance.now() - first0;
      loop.disable();
      const firstLoop = loop.max / 1e6;
      loop.reset();

      // A correction of the latest round: its story is told again (the fixture's stamp moves and
      // the stored signature no longer matches).
      const latest = told[0];
      if (!latest) throw new Error('no story told');
      await db
        .updateTable('league_stories')
        .set({ signature: 'corrected' })
        .where('league_id', '=', large.id)
        .where('round_label', '=', latest.round)
        .execute();
      await db
        .updateTable('fixtures')
        .set({ updated_at: new Date(now.getTime() + 1000).toISOString() })
        .where('competition_id', '=', benchCompetition)
        .where('round_label', '=', latest.round)
        .execute();
      loop.enable();
      const again0 = performance.now();
      await storiesOfLeague(deps, large);
      const againMs = performance.now() - again0;
      loop.disable();
      const againLoop = loop.max / 1e6;

      const kept: number[] = [];
      for (let i = 0; i < 200; i++) {
        const r0 = performance.now();
        await storiesOfLeague(deps, large);
        kept.push(performance.now() - r0);
      }
      kept.sort((a, b) => a - b);
      const small0 = performance.now();
      const smallTold = await storiesOfLeague(deps, small);
      const smallMs = performance.now() - small0;
      const size = JSON.stringify(latest).length;

      rows.push(
        `${dialect}: ${predictions.toLocaleString('en')} predictions; first read of the 10,000-team league ${ms(firstMs)} telling its newest ${firstTold} of ${rounds} finished rounds, all ${told.length} told after ${reads} reads and ${ms(allMs)} (${ms(allMs / Math.max(1, told.length))} a round), event loop max ${ms(firstLoop)}; one round told again after a correction ${ms(againMs)}, event loop max ${ms(againLoop)}; kept read p50 ${ms(percentile(kept, 50))}, p99 ${ms(percentile(kept, 99))}; the 20-team league's ${smallTold.length} rounds ${ms(smallMs)}; a story's facts ${size.toLocaleString('en')} bytes`,
      );
    },
    dialect,
  );
}
for (const row of rows) out(row);
