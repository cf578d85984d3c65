import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import type { PlayerTeam } from './api';
import { MultiLeaguePanel } from './multi-league-panel';

const dom = domPerTest();

const team = (id: string, leagueId: string): PlayerTeam => ({
  id,
  name: `Team ${id}`,
  leagueId,
  leagueName: `League ${leagueId}`,
  lockMinutesBefore: 0,
  jokers: 2,
});

const byTestId = <T extends HTMLElement>(id: string) =>
  dom.container.querySelector<T>(`[data-testid="${id}"]`);

const openWith = (teams: PlayerTeam[], ticked: string[]) => {
  dom.render(
    <MultiLeaguePanel
      teams={teams}
      activeTeamId={teams[0]?.id ?? ''}
      busy={false}
      onSave={async () => false}
    />,
  );
  act(() => byTestId('multi-open')?.click());
  for (const { id } of teams) {
    const box = byTestId<HTMLInputElement>(`multi-team-${id}`);
    if (box && box.checked !== ticked.includes(id)) act(() => box.click());
  }
  return byTestId('multi-save')?.textContent;
};

describe("'Apply to Multiple Leagues' counts what it saves to", () => {
  it('counts leagues, and says teams where several teams share a league', () => {
    const teams = [team('a', 'one'), team('b', 'one'), team('c', 'two'), team('d', 'two')];
    expect(openWith(teams, ['a', 'b', 'c', 'd'])).toBe('Save to 4 teams in 2 leagues');
    expect(openWith(teams, ['a', 'c'])).toBe('Save to 2 Leagues');
    expect(openWith(teams, ['a'])).toBe('Save to 1 League');
    expect(openWith(teams, ['a', 'b'])).toBe('Save to 2 teams in 1 league');
  });
});
