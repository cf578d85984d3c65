import { act } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../../tests/setup/dom';
import { i18n } from '../../i18n/i18n';
import { localKeys } from '../../lib/local-keys';
import type { StandingsRound } from '../shared/api';
import { RoundTables } from './round-tables';

const dom = domPerTest();

const row = (teamId: string, points: number, mine: boolean) => ({
  rank: 1,
  teamId,
  teamName: `Team ${teamId}`,
  manager: 'Someone',
  points,
  bonusPoints: 0,
  exactMinutes: 1,
  correctOutcomes: 1,
  mine,
});

const round = (mine: boolean, complete = true): StandingsRound => ({
  round: 'Matchday 4',
  complete,
  winnerCount: 1,
  winners: [row('a', 8, mine)],
  rows: [row('a', 8, mine), { ...row('b', 4, !mine), rank: 2 }],
});

const render = (rounds: StandingsRound[]) =>
  dom.render(
    <I18nextProvider i18n={i18n}>
      <RoundTables rounds={rounds} selected={null} onSelect={() => undefined} busy={false} />
    </I18nextProvider>,
  );

describe('RoundTables', () => {
  it("celebrates the viewer's own round win, and nobody else's", () => {
    localStorage.removeItem(localKeys.celebrated);
    render([round(true)]);
    expect(dom.container.querySelector('[data-testid="celebration"]')?.textContent).toBe(
      'You won this round!',
    );
    render([{ ...round(false), round: 'Matchday 5' }]);
    expect(dom.container.querySelector('[data-testid="celebration"]')).toBeNull();
  });

  it('calls a round still being played a lead, not a win, and celebrates nothing yet', () => {
    localStorage.removeItem(localKeys.celebrated);
    render([{ ...round(true, false), round: 'Matchday 6' }]);
    expect(dom.container.querySelector('[data-testid="round-winners"]')?.textContent).toBe(
      'Leading so far: Team a',
    );
    expect(dom.container.querySelector('[data-testid="celebration"]')).toBeNull();
    render([{ ...round(false), round: 'Matchday 7' }]);
    expect(dom.container.querySelector('[data-testid="round-winners"]')?.textContent).toBe(
      'Round winner: Team a',
    );
  });

  it('names the rounds in the viewer’s language (issue 54)', async () => {
    await act(() => i18n.changeLanguage('de'));
    render([{ ...round(false), round: 'Matchday 14' }]);
    expect(
      [...dom.container.querySelectorAll('[data-testid="round-select"] option')].map(
        (o) => o.textContent,
      ),
    ).toEqual(['Spieltag 14']);
    await act(() => i18n.changeLanguage('en'));
  });
});
