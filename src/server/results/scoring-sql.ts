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
  };
};

export const correctOutcomeSql = (p: PredictionColumns, r: ResultOperands) =>
  sql<boolean>`${p.outcome} = ${r.outcome}`;

export const exactMinuteSql = (p: PredictionColumns, r: ResultOperands) =>
  sql<boolean>`(${r.minute} is not null and ${p.minute} = ${r.minute})`;

/** Points of a prediction: `pointsFor` of the domain, as one SQL expression. */
export const pointsSql = (p: PredictionColumns, r: ResultOperands, rules: RulesOperands) =>
  sql<number>`((case when ${correctOutcomeSql(p, r)} then ${rules.outcomePoints} else 0 end) + (case when ${exactMinuteSql(p, r)} then ${rules.minutePoints} else 0 end)) * (case when ${p.joker} = 1 then ${rules.jokerMultiplier} else 1 end)`;
