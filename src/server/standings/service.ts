import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { rankFrom } from '../../domain/standings';
import * as repo from './repository';

/**
 * A league's standings, a page at a time (DESIGN §3 order). Whatever the league's size, a
 * response holds one page of the table (50 teams), the top 10 with the viewer's teams and their
 * neighbours, one round's table and winners, and the summary — well under 64 KB.
 */
export const pageSize = 50;
const topSize = 10;
/** The viewer's teams shown with neighbours in `top` (a player rarely holds more in one league). */
const viewerTeamsShown = 5;
const winnersShown = 10;

export interface StandingsQuery {
  page?: number | undefined;
  around?: 'me' | undefined;
  round?: string | undefined;
}

export interface RankedTotals extends repo.TotalsRow {
  rank: number;
  /** 0-based place in the table (ties ordered by name). */
  position: number;
}

const rankedSlice = async (
  db: Kysely<DB>,
  leagueId: string,
  season: string,
  offset: number,
  limit: number,
) => {
  const rows = await repo.tableSlice(db, leagueId, season, offset, limit);
  const first = rows[0];
  if (!first) return [];
  return rankFrom(rows, offset, 1 + (await repo.countBetter(db, leagueId, season, first)));
};

export const readStandings = async (
  db: Kysely<DB>,
  league: { id: string; competitionId: string },
  season: string,
  query: StandingsQuery,
  viewerId: string | null,
) => {
  await repo.fillMissingTotals(db, league.id, season);
  const summary = await repo.tableSummary(db, league.id, season);
  const pages = Math.max(1, Math.ceil(summary.totalTeams / pageSize));

  const mine = viewerId ? await repo.teamsOfUser(db, league.id, season, viewerId) : [];
  const positions: number[] = [];
  for (const team of mine) positions.push(await repo.positionOf(db, league.id, season, team));
  positions.sort((a, b) => a - b);

  const asked =
    query.around === 'me' && positions[0] !== undefined
      ? Math.floor(positions[0] / pageSize) + 1
      : (query.page ?? 1);
  const page = Math.min(Math.max(1, asked), pages);
  const rows = await rankedSlice(db, league.id, season, (page - 1) * pageSize, pageSize);

  // The top 10, and each of the viewer's teams with the team above and below it.
  const top = new Map<number, RankedTotals>();
  for (const r of await rankedSlice(db, league.id, season, 0, topSize)) top.set(r.position, r);
  for (const position of positions.slice(0, viewerTeamsShown)) {
    const start = Math.max(0, position - 1);
    if ([start, position, position + 1].every((p) => p >= summary.totalTeams || top.has(p)))
      continue;
    for (const r of await rankedSlice(db, league.id, season, start, position - start + 2))
      top.set(r.position, r);
  }

  const rounds = await repo.scoredRounds(db, league.competitionId, season);
  const chosen = query.round ?? rounds[0]?.round;
  if (query.round !== undefined && !rounds.some((r) => r.round === query.round))
    throw new AppError('UNKNOWN_ROUND');
  let round: {
    round: string;
    rows: RankedTotals[];
    winners: repo.TotalsRow[];
    winnerCount: number;
  } | null = null;
  if (chosen !== undefined) {
    const scored = await repo.countScoredInRound(db, league.id, season, chosen);
    const offset = (page - 1) * pageSize;
    const slice = await repo.roundSlice(db, league.id, season, chosen, scored, offset, pageSize);
    const first = slice[0];
    let firstRank = 1;
    if (first && offset > 0)
      firstRank =
        offset < scored
          ? 1 + (await repo.countBetterInRound(db, league.id, season, chosen, first))
          : scored + 1;
    const { winners, count } = await repo.roundWinners(db, league.id, season, chosen, winnersShown);
    round = {
      round: chosen,
      rows: rankFrom(slice, offset, firstRank),
      winners,
      winnerCount: count,
    };
  }

  return {
    page: { number: page, size: pageSize, pages, teams: summary.totalTeams },
    rows,
    top: [...top.values()].sort((a, b) => a.position - b.position),
    summary,
    rounds: rounds.map((r) => r.round),
    round,
    mineIds: new Set(mine.map((m) => m.teamId)),
  };
};
