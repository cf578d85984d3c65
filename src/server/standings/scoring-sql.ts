import { sql, type RawBuilder } from 'kysely';
import { outcomeOf, type ActualResult, type ScoringRules } from '../../domain/scoring';

/**
 * The scoring rule of src/domain/scoring.ts as SQL, in one place: set-based scoring and every
 * table that counts correct outcomes or exact minutes build their expressions here, so the rule
 * is written once. Rules come in as SQL operands: constants today, a league's rules row (a
 * column per value) later.
 */

/** The prediction columns an expression reads, qualified by a table alias or not. */
export const predictionColumns = (alias?: string) => {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return {
    outcome: column('outcome') as RawBuilder<string>,
    minute: column('first_goal_minute') as RawBuilder<number | null>,
    joker: column('joker') as RawBuilder<number>,
  };
};
export type PredictionColumns = ReturnType<typeof predictionColumns>;

/** What an expression compares a prediction with: the fixture's 1X2 and first-goal minute. */
export interface ResultOperands {
  outcome: RawBuilder<string>;
  minute: RawBuilder<number | null>;
}

/** A known result as bound values (scoring one fixture). */
export const resultValues = (result: ActualResult): ResultOperands => ({
  outcome: sql<string>`cast(${outcomeOf(result.homeScore, result.awayScore)} as text)`,
  minute: sql<number | null>`cast(${result.firstGoalMinute} as integer)`,
});

export type RulesOperands = { [K in keyof ScoringRules]: RawBuilder<number> };

/** Rules as constants in the statement (whole numbers, checked before they get here). */
export const rulesValues = (rules: ScoringRules): RulesOperands => {
  const literal = (n: number) => {
    if (!Number.isInteger(n) || n < 0 || n > 100) throw new RangeError(`bad rules value ${n}`);
    return sql.lit(n) as RawBuilder<number>;
  };
  return {
    outcomePoints: literal(rules.outcomePoints),
    minutePoints: literal(rules.minutePoints),
    jokerMultiplier: literal(rules.jokerMultiplier),
    nearMissPoints: literal(rules.nearMissPoints),
    nearMissMinutes: literal(rules.nearMissMinutes),
  };
};

/**
 * Rules that change with the season (a league's rules rows, `from` a season on; before the first
 * one the game's): each operand a CASE on the fixture's season, for a statement that scores
 * several seasons at once (a rebuild).
 */
export const seasonalRulesValues = (
  base: ScoringRules,
  changes: { from: string; rules: ScoringRules }[],
  season: RawBuilder<string>,
): RulesOperands => {
  const baseValues = rulesValues(base);
  if (changes.length === 0) return baseValues;
  const latestFirst = [...changes].sort((a, b) => (a.from < b.from ? 1 : -1));
  const operand = (key: keyof ScoringRules) =>
    sql<number>`(case ${sql.join(
      latestFirst.map((c) => sql`when ${season} >= ${c.from} then ${rulesValues(c.rules)[key]}`),
      sql` `,
    )} else ${baseValues[key]} end)`;
  return {
    outcomePoints: operand('outcomePoints'),
    minutePoints: operand('minutePoints'),
    jokerMultiplier: operand('jokerMultiplier'),
    nearMissPoints: operand('nearMissPoints'),
    nearMissMinutes: operand('nearMissMinutes'),
  };
};

export const correctOutcomeSql = (p: PredictionColumns, r: ResultOperands) =>
  sql<boolean>`${p.outcome} = ${r.outcome}`;

export const exactMinuteSql = (p: PredictionColumns, r: ResultOperands) =>
  sql<boolean>`(${r.minute} is not null and ${p.minute} = ${r.minute})`;

/** `isNearMiss` of the domain (the caller has ruled out an exact minute). */
const nearMissSql = (p: PredictionColumns, r: ResultOperands, window: RawBuilder<number>) =>
  sql<boolean>`(${window} > 0 and ${r.minute} > 0 and ${p.minute} > 0 and abs(${p.minute} - ${r.minute}) <= ${window})`;

/** Points of a prediction: `pointsFor` of the domain, as one SQL expression. */
export const pointsSql = (p: PredictionColumns, r: ResultOperands, rules: RulesOperands) =>
  sql<number>`((case when ${correctOutcomeSql(p, r)} then ${rules.outcomePoints} else 0 end) + (case when ${exactMinuteSql(p, r)} then ${rules.minutePoints} when ${nearMissSql(p, r, rules.nearMissMinutes)} then ${rules.nearMissPoints} else 0 end)) * (case when ${p.joker} = 1 then ${rules.jokerMultiplier} else 1 end)`;
