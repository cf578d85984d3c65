import type { Kysely, Transaction } from 'kysely';
import { defaultLeagueRules, scoringRulesOf, type LeagueRules } from '../../domain/league-rules';
import type { ScoringRules } from '../../domain/scoring';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * League rules by season (`league_rules`): a league plays, in a season, the row of the latest
 * season up to it, else the game's defaults. A league has a handful of rows at most.
 */

export interface RulesRow {
  league_id: string;
  season: string;
  outcome_points: number;
  minute_points: number;
  jokers: number;
  lock_minutes: number;
  near_miss_points: number;
  near_miss_minutes: number;
}

const rulesColumns = [
  'league_id',
  'season',
  'outcome_points',
  'minute_points',
  'jokers',
  'lock_minutes',
  'near_miss_points',
  'near_miss_minutes',
] as const;

export type RulesColumns = Omit<RulesRow, 'league_id' | 'season'>;

export const toRules = (r: RulesColumns): LeagueRules => ({
  outcomePoints: Number(r.outcome_points),
  minutePoints: Number(r.minute_points),
  jokers: Number(r.jokers),
  lockMinutesBefore: Number(r.lock_minutes),
  nearMissPoints: Number(r.near_miss_points),
  nearMissMinutes: Number(r.near_miss_minutes),
});

/** Seasons compare as their labels do ('2025-26' < '2026-27'; a league keeps one competition). */
export const pick = (rows: RulesRow[], season: string | null): LeagueRules => {
  let best: RulesRow | undefined;
  for (const r of rows)
    if ((season === null || r.season <= season) && (!best || r.season > best.season)) best = r;
  return best ? toRules(best) : { ...defaultLeagueRules };
};

/** The statement of `rowsOf` for leagues bound as one array, as PostgreSQL text (saves' groups). */
export const leaguesRulesPostgresText = (leagues: string) =>
  `select ${rulesColumns.join(', ')} from league_rules where league_id = any(${leagues}::text[])`;

/** The statement of `rowsOf` for one league as SQLite text (the synchronous save path). */
export const leagueRulesText = `select ${rulesColumns.join(', ')} from league_rules where league_id = ?`;

/** The rules rows of some leagues. */
export const rowsOf = async (db: Db, leagueIds: readonly string[]) =>
  leagueIds.length === 0
    ? []
    : ((await db
        .selectFrom('league_rules')
        .select(rulesColumns)
        .where('league_id', 'in', leagueIds)
        .execute()) as RulesRow[]);

/**
 * Per league, how many minutes before kick-off its picks close in `season` (leagues closing at
 * kick-off are left out): the reminders and the calendar move their deadlines by it. Read in
 * chunks of leagues (a reminder run may span thousands).
 */
export const lockMinutesOf = async (db: Db, leagueIds: readonly string[], season: string) => {
  const locks = new Map<string, number>();
  const unique = [...new Set(leagueIds)];
  for (let i = 0; i < unique.length; i += 500)
    for (const [id, rules] of await rulesOfLeagues(db, unique.slice(i, i + 500), season))
      if (rules.lockMinutesBefore > 0) locks.set(id, rules.lockMinutesBefore);
  return locks;
};

/** The rules a league plays in `season` (null: its latest — what it plays from now on). */
export const rulesOfLeague = async (db: Db, leagueId: string, season: string | null) =>
  pick(await rowsOf(db, [leagueId]), season);

/** Per league, the rules it plays in `season` (leagues without rows: the defaults). */
export const rulesOfLeagues = async (db: Db, leagueIds: readonly string[], season: string) => {
  const rows = await rowsOf(db, leagueIds);
  const byLeague = new Map<string, RulesRow[]>();
  for (const r of rows) byLeague.set(r.league_id, [...(byLeague.get(r.league_id) ?? []), r]);
  return new Map(leagueIds.map((id) => [id, pick(byLeague.get(id) ?? [], season)]));
};

/**
 * The leagues grouped by the scoring rules they play in `season`: set-based scoring runs one
 * statement per group (most batches are one group, the game's rules).
 */
export const scoringGroups = async (db: Db, leagueIds: readonly string[], season: string) => {
  const groups = new Map<string, { rules: ScoringRules; leagueIds: string[] }>();
  for (const [id, rules] of await rulesOfLeagues(db, leagueIds, season)) {
    const scoring = scoringRulesOf(rules);
    const key = JSON.stringify(scoring);
    const group = groups.get(key) ?? { rules: scoring, leagueIds: [] };
    group.leagueIds.push(id);
    groups.set(key, group);
  }
  return [...groups.values()];
};

/**
 * The leagues grouped for a rebuild (every season at once): those playing the game's rules in
 * every season together, each league with rules of its own alone with its changes by season.
 */
export const rebuildGroups = async (db: Db, leagueIds: readonly string[]) => {
  const rows = await rowsOf(db, leagueIds);
  const own = new Set(rows.map((r) => r.league_id));
  const plain = leagueIds.filter((id) => !own.has(id));
  return [
    ...(plain.length > 0 ? [{ leagueIds: plain, changes: [] }] : []),
    ...[...own].map((id) => ({
      leagueIds: [id],
      changes: rows
        .filter((r) => r.league_id === id)
        .map((r) => ({ from: r.season, rules: scoringRulesOf(toRules(r)) })),
    })),
  ];
};

/** Writes the rules a league plays from `season` on. */
export const saveRules = async (
  db: Db,
  leagueId: string,
  season: string,
  rules: LeagueRules,
  at: string,
) => {
  const values = {
    outcome_points: rules.outcomePoints,
    minute_points: rules.minutePoints,
    jokers: rules.jokers,
    lock_minutes: rules.lockMinutesBefore,
    near_miss_points: rules.nearMissPoints,
    near_miss_minutes: rules.nearMissMinutes,
    updated_at: at,
  };
  await db
    .insertInto('league_rules')
    .values({ league_id: leagueId, season, ...values })
    .onConflict((oc) => oc.columns(['league_id', 'season']).doUpdateSet(values))
    .execute();
};
