import type { TFunction } from 'i18next';
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

/** Round labels of the catalogue ('Matchday 3', 'Group B', 'Final') in the chosen language. */
export const translateRound = (t: TFunction, label: string): string => {
  const stage = /^Group stage - Matchday (\d+)$/.exec(label);
  if (stage) return t('fixtures.round.groupStageMatchday', { number: stage[1] });
  const matchday = /^Matchday (\d+)$/.exec(label);
  if (matchday) return t('fixtures.round.matchday', { number: matchday[1] });
  const group = /^Group ([A-Z])$/.exec(label);
  if (group) return t('fixtures.round.group', { group: group[1] });
  const named: Record<string, string> = {
    'Round of 16': 'roundOf16',
    Quarterfinals: 'quarterfinals',
    Semifinals: 'semifinals',
    Final: 'final',
  };
  const key = named[label];
  return key ? t(`fixtures.round.${key}`) : label;
};
