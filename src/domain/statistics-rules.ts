/**
 * The league statistics' rules (issue 14), free of schemas so the pages can read them: the
 * statistics count scored predictions only (fixtures final with a result), for every viewer.
 */

/** A team is among the draw callers once this many of its predictions were scored. */
export const drawsLeaderMinPredictions = 3;

/** How many teams and minutes the league's figures name. */
export const leagueFiguresShown = 3;

/** A predicted first-goal minute of 0 says "no goal". */
export const noGoalMinute = 0;

/** Share of `part` in `whole` (0 when there is nothing to share). */
export const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * Rank among values already ordered best first (`values` descending and distinct,
 * `atLeast[i]` = how many teams reached `values[i]` or more): 1 + the teams strictly above
 * `value`. Level teams share a place; nothing else breaks the tie.
 */
export const rankAmong = (values: readonly number[], atLeast: readonly number[], value: number) => {
  // First index whose value is not above `value`.
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((values[middle] ?? 0) > value) low = middle + 1;
    else high = middle;
  }
  return 1 + (low === 0 ? 0 : (atLeast[low - 1] ?? 0));
};
