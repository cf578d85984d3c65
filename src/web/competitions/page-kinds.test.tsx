import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import type { BoardView, RenderBoard } from '../lib/competition-board';
import type { CompetitionItem } from './api';
import { i18n } from '../i18n/i18n';
import { CompetitionPage } from './competition-page';

const dom = domPerTest();

const competition = (id: string, kind: CompetitionItem['kind']): CompetitionItem => ({
  id,
  route: '/page',
  aliases: [],
  name: 'Some Cup',
  country: 'England',
  flag: 'ENG',
  kind,
  seasonLabel: '2025-26',
  summaryKey: null,
  timeZone: 'Europe/London',
  sortOrder: 1,
  currentSeason: '2026-27',
  fixtureCount: 10,
  openFixtures: 2,
  nextKickoff: null,
  nextKickoffConfirmed: false,
  fixtureSource: null,
  state: 'open',
});

/** A stand-in board that reports the round it shows, as the predictions board does. */
const board =
  (view: BoardView): RenderBoard =>
  ({ header, frame }) => {
    const body = <p data-testid="board-body">board</p>;
    return (
      <>
        {header?.(view)}
        {frame ? frame(body, view) : body}
      </>
    );
  };

const render = (item: CompetitionItem, view: BoardView, url = '/page') => {
  const router = createMemoryRouter(
    [{ path: '/page', element: <CompetitionPage competition={item} renderBoard={board(view)} /> }],
    { initialEntries: [url] },
  );
  dom.render(<RouterProvider router={router} />);
  return dom.container.textContent ?? '';
};

const round = (name: string, nameOfTotal = name, open = true) => ({
  label: name,
  name,
  nameOfTotal,
  open,
});

describe('competition page headings name what the board shows', () => {
  it('the Premier League page names the round shown', () => {
    const text = render(competition('premier_league', 'featured'), {
      status: 'playing',
      season: '2026-27',
      round: round('Matchday 13'),
    });
    expect(text).toContain('Make your predictions for Matchday 13');
    expect(text).not.toContain('Gameweek 1');
    // A round that has all kicked off is looked back at, not predicted.
    const played = render(competition('premier_league', 'featured'), {
      status: 'playing',
      season: '2026-27',
      round: round('Matchday 3', 'Matchday 3', false),
    });
    expect(played).toContain('Matchday 3: results and points');
    expect(played).not.toContain('Make your predictions');
  });

  it('League One and the women’s championship say which of how many', () => {
    expect(
      render(competition('efl_league_one_2025', 'table'), {
        status: 'playing',
        season: '2026-27',
        round: round('Matchday 13', 'Matchday 13 of 46'),
      }),
    ).toContain('Matchday 13 of 46');
    expect(
      render(
        competition('uefa_european_womens_championship_2025', 'tournament'),
        {
          status: 'signed_out',
          season: '2025',
          round: round('Group stage - Matchday 3', 'Group stage - Matchday 3 of 3'),
        },
        '/page?tab=about',
      ),
    ).toContain('Group stage - Matchday 3 of 3');
  });

  it('shows the season shown, else the current one, never the catalogue label', () => {
    expect(
      render(competition('bundesliga_2025', 'cards'), {
        status: 'loading',
        season: null,
        round: null,
      }),
    ).toContain('England · 2026-27');
    expect(
      render(competition('serie_a_2025', 'table'), {
        status: 'playing',
        season: '2025-26',
        round: round('Matchday 2'),
      }),
    ).toContain('Season 2025-26');
  });

  it('names the country in the reader’s language, England and Scotland included', async () => {
    const cards = (country: string) =>
      render(
        { ...competition('bundesliga_2025', 'cards'), country },
        { status: 'loading', season: null, round: null },
      );
    await act(() => i18n.changeLanguage('fr'));
    expect(cards('England')).toContain('Angleterre · 2026-27');
    await act(() => i18n.changeLanguage('de'));
    expect(cards('Scotland')).toContain('Schottland · 2026-27');
    expect(cards('Germany')).toContain('Deutschland · 2026-27');
    // A country the locale files do not know (an admin's own competition) stays as entered.
    expect(cards('Atlantis')).toContain('Atlantis · 2026-27');
  });
});
