import { compareCodes } from '../../domain/kickoff';

export interface RoundFixture {
  id: string;
  round: string;
  roundOrder: number;
  kickoffAt: string;
}

export interface Round<T extends RoundFixture> {
  label: string;
  order: number;
  fixtures: T[];
  /** First and last kick-off of the round. */
  from: string;
  to: string;
}

/** Fixtures grouped by round (game week, matchday, group) in kick-off order. */
export const groupByRound = <T extends RoundFixture>(fixtures: readonly T[]): Round<T>[] => {
  const byLabel = new Map<string, T[]>();
  const sorted = [...fixtures].sort(
    (a, b) => compareCodes(a.kickoffAt, b.kickoffAt) || compareCodes(a.id, b.id),
  );
  for (const fixture of sorted) {
    const list = byLabel.get(fixture.round) ?? [];
    list.push(fixture);
    byLabel.set(fixture.round, list);
  }
  return [...byLabel]
    .map(([label, list]) => ({
      label,
      order: Math.min(...list.map((f) => f.roundOrder)),
      fixtures: list,
      from: list[0]?.kickoffAt ?? '',
      to: list.at(-1)?.kickoffAt ?? '',
    }))
    .sort((a, b) => a.order - b.order || compareCodes(a.from, b.from));
};

export { translateRound, translateSlot } from '../lib/round-names';
