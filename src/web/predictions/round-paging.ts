import { currentRoundIndex } from '../../domain/seasons';
import type { FixtureStatus } from '../../domain/fixtures';
import type { Round, RoundFixture } from './rounds';

/**
 * Which round a competition page shows (one at a time: a season holds up to 46 of them). The
 * URL's `?round=` wins when it names a round of the season; otherwise the round pinned when the
 * season was first shown, so the page does not jump while a player reads it; otherwise the
 * season's current round (the one holding the next kick-off, docs/design.md §2).
 */
export const shownRoundIndex = <T extends RoundFixture & { status: FixtureStatus }>(
  rounds: readonly Round<T>[],
  requested: string | null,
  pinned: string | null,
  now: Date,
): number => {
  for (const label of [requested, pinned]) {
    const index = label === null ? -1 : rounds.findIndex((r) => r.label === label);
    if (index >= 0) return index;
  }
  return currentRoundIndex(rounds, now);
};

const numbered = /^(.*?)(\d+)$/;

/**
 * How many rounds of the same kind a round belongs to, for 'Matchday 13 of 46' and 'Group stage
 * - Matchday 3 of 3': the highest number seen among rounds named alike, and for a league's plain
 * matchdays at least a double round robin of its clubs (a season may be published a round at a
 * time). null for rounds that are not numbered ('Final', 'Group A').
 */
export const roundTotal = <
  T extends RoundFixture & { homeTeam: string; awayTeam: string; tbd?: boolean },
>(
  rounds: readonly Round<T>[],
  label: string,
  league: boolean,
): number | null => {
  const match = numbered.exec(label);
  if (!match) return null;
  const prefix = match[1] ?? '';
  const highest = Math.max(
    ...rounds.map((round) => {
      const other = numbered.exec(round.label);
      return other && other[1] === prefix ? Number(other[2]) : 0;
    }),
  );
  if (!league || prefix.trim() !== 'Matchday') return highest;
  const clubs = new Set(
    rounds.flatMap((r) => r.fixtures.flatMap((f) => (f.tbd ? [] : [f.homeTeam, f.awayTeam]))),
  );
  return Math.max(highest, 2 * (clubs.size - 1));
};
