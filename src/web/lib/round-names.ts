import type { TFunction } from 'i18next';

/** Round labels of the catalogue ('Matchday 3', 'Group B', 'Final') in the chosen language. */
export const translateRound = (t: TFunction, label: string): string => {
  const stage = /^Group stage - Matchday (\d+)$/.exec(label);
  if (stage) return t('fixtures.round.groupStageMatchday', { number: stage[1] });
  const phase = /^League phase - Matchday (\d+)$/.exec(label);
  if (phase) return t('fixtures.round.leaguePhaseMatchday', { number: phase[1] });
  const matchday = /^Matchday (\d+)$/.exec(label);
  if (matchday) return t('fixtures.round.matchday', { number: matchday[1] });
  const group = /^Group ([A-Z])$/.exec(label);
  if (group) return t('fixtures.round.group', { group: group[1] });
  const named: Record<string, string> = {
    'Knockout round play-offs': 'knockoutPlayoffs',
    'Round of 32': 'roundOf32',
    'Round of 16': 'roundOf16',
    Quarterfinals: 'quarterfinals',
    Semifinals: 'semifinals',
    'Third place': 'thirdPlace',
    Final: 'final',
  };
  const key = named[label];
  return key ? t(`fixtures.round.${key}`) : label;
};

const slotRounds: Record<string, string> = {
  'Round of 32': 'Round of 32',
  'Round of 16': 'Round of 16',
  Quarterfinal: 'Quarterfinals',
  Semifinal: 'Semifinals',
  'Knockout Round Playoffs': 'Knockout round play-offs',
  Playoff: 'Knockout round play-offs',
};

/**
 * A knockout slot's name as a source writes it ('Group A Winner', 'Group B 2nd Place', 'Third
 * Place Group A/B/C', 'Round of 16 1 Winner', 'Semifinal 1 Loser') in the chosen language (issue
 * 50); a name of another shape is shown as written.
 */
export const translateSlot = (t: TFunction, name: string): string => {
  const group = /^Group ([A-Z]) (Winner|2nd Place)$/.exec(name);
  if (group)
    return t(group[2] === 'Winner' ? 'fixtures.slot.groupWinner' : 'fixtures.slot.groupSecond', {
      group: group[1],
    });
  const third = /^Third Place Group ([A-Z/]+)$/.exec(name);
  if (third) return t('fixtures.slot.groupThird', { groups: third[1] });
  const tie = /^(.+?) (\d{1,2}) (Winner|Loser)$/.exec(name);
  const round = tie ? slotRounds[tie[1] ?? ''] : undefined;
  if (tie && round)
    return t(tie[3] === 'Winner' ? 'fixtures.slot.winner' : 'fixtures.slot.loser', {
      round: translateRound(t, round),
      number: tie[2],
    });
  return name;
};
