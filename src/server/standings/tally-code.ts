import { sql, type RawBuilder } from 'kysely';

/**
 * What the derived totals hold of one prediction (`predictions.tallied`), written once for both
 * sides: the TypeScript that plans a save or a deletion and the SQL that moves a fixture's
 * predictions read and write the same code.
 *
 *   counted 1 + correct outcome 2 + exact minute 4 + joker 8 + scored draw 16
 *   + 32 × (minute + 1) when the league's minute counts hold the pick (a scored pick naming one)
 *
 * null: the totals hold nothing of it (a bulk load's row, a fixture moved to another round). Its
 * points are the row's `points`.
 */
export const tallyBits = { counted: 1, correct: 2, exact: 4, joker: 8, draw: 16 } as const;
/** `tallied` holds `minuteUnit` × (minute + 1) of a scored pick naming a minute. */
export const minuteUnit = 32;

export type Mark = Exclude<keyof typeof tallyBits, 'counted'>;

/** The marks of a counted prediction; `minuteCode` is its minute + 1 when counted, else 0. */
export interface Marks {
  correct: boolean;
  exact: boolean;
  joker: boolean;
  draw: boolean;
  minuteCode: number;
}

/** Whether a tally holds `mark`. */
export const hasMark = (tallied: number | null, mark: Mark) =>
  tallied !== null && Math.floor(tallied / tallyBits[mark]) % 2 === 1;

/** The minute code a tally holds (0: none). */
export const minuteCodeOf = (tallied: number | null) =>
  tallied === null ? 0 : Math.floor(tallied / minuteUnit);

export const marksOf = (tallied: number | null): Marks => ({
  correct: hasMark(tallied, 'correct'),
  exact: hasMark(tallied, 'exact'),
  joker: hasMark(tallied, 'joker'),
  draw: hasMark(tallied, 'draw'),
  minuteCode: minuteCodeOf(tallied),
});

/** The tally of a counted prediction with these marks. */
export const tallyOf = (m: Marks) =>
  tallyBits.counted +
  (m.correct ? tallyBits.correct : 0) +
  (m.exact ? tallyBits.exact : 0) +
  (m.joker ? tallyBits.joker : 0) +
  (m.draw ? tallyBits.draw : 0) +
  minuteUnit * m.minuteCode;

/** What an open fixture's counted pick holds: itself and its joker, nothing of a result. */
export const openTally = (joker: boolean) =>
  tallyOf({ correct: false, exact: false, joker, draw: false, minuteCode: 0 });

type Flag = RawBuilder<number>;

/** `tallyOf` as SQL: each mark a 0/1 expression, the minute code a number. */
export const tallySql = (m: {
  correct: Flag;
  exact: Flag;
  joker: Flag;
  draw: Flag;
  minuteCode: RawBuilder<number>;
}) =>
  sql<number>`(${sql.lit(tallyBits.counted)} + ${sql.lit(tallyBits.correct)} * ${m.correct} + ${sql.lit(tallyBits.exact)} * ${m.exact} + ${sql.lit(tallyBits.joker)} * ${m.joker} + ${sql.lit(tallyBits.draw)} * ${m.draw} + ${sql.lit(minuteUnit)} * ${m.minuteCode})`;

/** `hasMark` as SQL (0 or 1; 0 for a null tally). */
export const markSql = (tallied: RawBuilder<number | null>, mark: Mark) =>
  sql<number>`coalesce((${tallied} / ${sql.lit(tallyBits[mark])}) % 2, 0)`;

/** `minuteCodeOf` as SQL. */
export const minuteCodeSql = (tallied: RawBuilder<number | null>) =>
  sql<number>`coalesce(${tallied} / ${sql.lit(minuteUnit)}, 0)`;

/** Picks whose tally holds a minute code: `tallied >= minuteUnit`. */
export const holdsMinuteSql = (tallied: RawBuilder<number | null>) =>
  sql<boolean>`${tallied} >= ${sql.lit(minuteUnit)}`;
