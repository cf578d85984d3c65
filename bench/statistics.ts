// Statistics of a 10,000-team league (issue 14): `node --import tsx bench/statistics.ts`.
// On the large league of large-league.ts (60 picks a team among 150 finals in 15 rounds, about
// 600,000 predictions) it reads the statistics in process and prints: the first read (league
// figures, then a team's ranks over the season), the event loop's longest delay meanwhile, and
// later reads (kept in the memo) of other teams.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { leagueStatistics } from '../src/server/leagues/statistics-service';
import { largeLeagueTeams, ms, out, withLargeLeague } from './large-league';
import { percentile } from './load';
import { leagueId, teamId } from './seed-scale';

await withLargeLeague('stats', 60, async ({ database, standings, now, predictions, rebuildMs }) => {
  out(
    `${largeLeagueTeams.toLocaleString('en')} teams, ${predictions.toLocaleString('en')} predictions; Rebuild standings ${ms(rebuildMs)}`,
  );
  const deps = { database, standings };
  const read = async (team?: string) => {
    const started = performance.now();
    const answer = await leagueStatistics(deps, null, { leagueId: leagueId(0), teamId: team }, now);
    return { ms: performance.now() - started, bytes: JSON.stringify(answer).length, answer };
  };
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const league = await read();
  const team = await read(teamId(0, 0));
  loop.disable();
  out(
    `first read: league figures ${ms(league.ms)}, then a team with its ranks over ${team.answer.team?.rounds.length ?? 0} rounds ${ms(team.ms)} (${team.bytes} bytes)`,
  );
  out(`event loop during the first reads: longest delay ${ms(loop.max / 1e6)}`);

  const later: number[] = [];
  const probe = monitorEventLoopDelay({ resolution: 1 });
  probe.enable();
  for (let i = 1; i <= 200; i += 1) later.push((await read(teamId(0, i * 37))).ms);
  probe.disable();
  later.sort((a, b) => a - b);
  out(
    `later reads (200 other teams, kept ranks): p50 ${ms(percentile(later, 50))}, p99 ${ms(percentile(later, 99))}, max ${ms(later[later.length - 1] ?? 0)}; event loop longest delay ${ms(probe.max / 1e6)}`,
  );
});
