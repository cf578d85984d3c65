/**
 * A tournament's own tables (issue 50): the table of its league phase (or of each group) from
 * its final results, and its knockout bracket, ties of one or two legs. Regular time only, as
 * everywhere (docs/design.md §3): a tie decided in extra time or on penalties shows its legs' scores
 * and no winner of ours. Pure.
 */

export interface TournamentFixture {
  id: string;
  round: string;
  roundOrder: number;
  kickoffAt: string;
  homeTeam: string;
  awayTeam: string;
  tbd: boolean;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
}

export interface TableRow {
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

export interface StageTable {
  /** null: the league phase (one table); else the group's round label ('Group A'). */
  group: string | null;
  rows: TableRow[];
}

export interface Tie {
  /** The two sides in the first leg's order. */
  home: string;
  away: string;
  tbd: boolean;
  legs: TournamentFixture[];
  /** Goals over the legs played, the first leg's home side first; null before any. */
  aggregate: [number, number] | null;
}

export interface BracketRound {
  round: string;
  ties: Tie[];
}

const tableRound = /^(League phase|Group stage) - Matchday \d+$/;
const groupRound = /^Group [A-Z]$/;
const leagueRound = /^Matchday \d+$/;

/** Whether a round is played as a table (a league phase's matchday, a group). */
export const isTableRound = (round: string) => tableRound.test(round) || groupRound.test(round);

const emptyRow = (team: string): TableRow => ({
  team,
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  goalsFor: 0,
  goalsAgainst: 0,
  points: 0,
});

/** Points, goal difference, goals scored, then the name. */
const byStanding = (a: TableRow, b: TableRow) =>
  b.points - a.points ||
  b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
  b.goalsFor - a.goalsFor ||
  a.team.localeCompare(b.team);

/** The league phase's table, or one per group; every club listed from its first fixture. */
export const stageTables = (fixtures: readonly TournamentFixture[]): StageTable[] => {
  const tables = new Map<string | null, Map<string, TableRow>>();
  for (const f of fixtures) {
    if (!isTableRound(f.round) || f.tbd) continue;
    const group = groupRound.test(f.round) ? f.round : null;
    const rows = tables.get(group) ?? new Map<string, TableRow>();
    tables.set(group, rows);
    for (const team of [f.homeTeam, f.awayTeam])
      if (!rows.has(team)) rows.set(team, emptyRow(team));
    if (f.status !== 'final' || f.homeScore === null || f.awayScore === null) continue;
    const sides: [string, number, number][] = [
      [f.homeTeam, f.homeScore, f.awayScore],
      [f.awayTeam, f.awayScore, f.homeScore],
    ];
    for (const [team, scored, conceded] of sides) {
      const row = rows.get(team) as TableRow;
      row.played += 1;
      row.goalsFor += scored;
      row.goalsAgainst += conceded;
      if (scored > conceded) {
        row.won += 1;
        row.points += 3;
      } else if (scored === conceded) {
        row.drawn += 1;
        row.points += 1;
      } else row.lost += 1;
    }
  }
  return [...tables]
    .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
    .map(([group, rows]) => ({ group, rows: [...rows.values()].sort(byStanding) }));
};

/**
 * The knockout rounds in round order, each tie once: the two fixtures of a round between the
 * same two sides, home and away swapped, are one tie of two legs (by kick-off); any other
 * fixture (a single match, slots named alike such as 'TBD v TBD') is a tie of its own.
 */
export const bracketOf = (fixtures: readonly TournamentFixture[]): BracketRound[] => {
  const rounds = new Map<string, { order: number; meetings: Map<string, TournamentFixture[]> }>();
  const ordered = [...fixtures].sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt));
  for (const f of ordered) {
    if (isTableRound(f.round) || leagueRound.test(f.round)) continue;
    const round = rounds.get(f.round) ?? { order: f.roundOrder, meetings: new Map() };
    rounds.set(f.round, round);
    const key = [f.homeTeam, f.awayTeam].sort().join('|');
    round.meetings.set(key, [...(round.meetings.get(key) ?? []), f]);
  }
  const tiesOf = (meetings: Map<string, TournamentFixture[]>) =>
    [...meetings.values()].flatMap((list) => {
      const [first, second] = list;
      return list.length === 2 && first && second && first.homeTeam === second.awayTeam
        ? [list]
        : list.map((f) => [f]);
    });
  return [...rounds]
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([round, { meetings }]) => ({
      round,
      ties: tiesOf(meetings).map((legs) => {
        const first = legs[0] as TournamentFixture;
        const played = legs.filter(
          (l) => l.status === 'final' && l.homeScore !== null && l.awayScore !== null,
        );
        const aggregate: [number, number] | null =
          played.length === 0
            ? null
            : played.reduce<[number, number]>(
                (sum, l) =>
                  l.homeTeam === first.homeTeam
                    ? [sum[0] + (l.homeScore ?? 0), sum[1] + (l.awayScore ?? 0)]
                    : [sum[0] + (l.awayScore ?? 0), sum[1] + (l.homeScore ?? 0)],
                [0, 0],
              );
        return {
          home: first.homeTeam,
          away: first.awayTeam,
          tbd: legs.some((l) => l.tbd),
          legs,
          aggregate,
        };
      }),
    }));
};

/** Each two-legged tie's first and second leg, by fixture id; a single match has no leg. */
export const tieLegs = (fixtures: readonly TournamentFixture[]): Map<string, 1 | 2> => {
  const legs = new Map<string, 1 | 2>();
  for (const round of bracketOf(fixtures))
    for (const tie of round.ties)
      if (tie.legs.length === 2) tie.legs.forEach((f, i) => legs.set(f.id, i === 0 ? 1 : 2));
  return legs;
};
