import { act } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import type { Competition } from '../../domain/competitions';
import { i18n } from '../i18n/i18n';
import { localKeys } from '../lib/local-keys';
import { myLeaguesQueryOptions, type MyLeagueItem } from '../lib/queries';
import { AuthDialogProvider } from '../lib/auth-dialog-context';
import { LeagueDialogsProvider } from '../lib/league-dialogs-context';
import type { FixtureItem, FixturesResponse } from './api';
import { PredictionBoard } from './prediction-board';
import { defaultLeagueRules } from '../../domain/league-rules';

const competition: Competition = {
  id: 'premier_league',
  route: '/premier-league',
  aliases: [],
  name: 'Premier League',
  country: 'England',
  flag: 'ENG',
  kind: 'featured',
  seasonLabel: '2025-26',
  summaryKey: null,
  timeZone: 'Europe/London',
  sortOrder: 1,
};

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
let counter = 0;
const fixture = (round: string, kickoffAt: string, more: Partial<FixtureItem> = {}) => {
  counter += 1;
  const base: FixtureItem = {
    id: `pl_${counter}`,
    competitionId: 'premier_league',
    season: '2026-27',
    round,
    roundOrder: Number(round.replace(/\D/g, '')),
    kickoffAt,
    timeConfirmed: true,
    homeTeam: `Home ${counter}`,
    awayTeam: `Away ${counter}`,
    venue: null,
    status: 'scheduled',
    homeScore: null,
    awayScore: null,
    firstGoalMinute: null,
    updatedAt: kickoffAt,
    clock: null,
    resultConfirmed: false,
    minuteConfirmed: false,
    updatedBy: null,
    sourceUpdatedAt: null,
    locked: Date.parse(kickoffAt) <= Date.now(),
    tbd: false,
    leg: null,
  };
  const merged = { ...base, ...more };
  return { ...merged, locked: more.locked ?? (merged.locked || merged.status !== 'scheduled') };
};

const response = (fixtures: FixtureItem[], seasons = ['2026-27']): FixturesResponse => ({
  competition,
  serverTime: new Date().toISOString(),
  season: '2026-27',
  seasons: seasons.map((season) => ({
    season,
    fixtures: fixtures.length,
    unstarted: 0,
    firstKickoff: fixtures[0]?.kickoffAt ?? '',
    lastKickoff: fixtures.at(-1)?.kickoffAt ?? '',
    nextKickoff: null,
    nextKickoffConfirmed: false,
    fixtureSource: null,
  })),
  fixtures,
  clubs: {},
});

const dom = domPerTest();
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** The network boundary: fixtures of the season, and the team's (empty) predictions. */
const serve = (fixtures: FixturesResponse, predictions: unknown[] = []) =>
  fetchMock.mockImplementation((input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // The server's clock as it answers (the board refetches every minute).
    if (url.pathname.endsWith('/fixtures'))
      return Promise.resolve(json({ ...fixtures, serverTime: new Date().toISOString() }));
    return Promise.resolve(
      json({
        teamId: 'team-1',
        competitionId: 'premier_league',
        season: '2026-27',
        predictions,
        jokersRemaining: 2,
      }),
    );
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const Location = () => <output data-testid="location">{useLocation().search}</output>;

const render = async (options: { signedIn?: boolean; isAdmin?: boolean } = {}) => {
  const router = createMemoryRouter(
    [
      {
        path: '/premier-league',
        element: (
          <>
            <PredictionBoard
              competition={competition}
              signedIn={options.signedIn ?? false}
              isAdmin={options.isAdmin ?? false}
              header={(view) => <p data-testid="page-subtitle">{view.round?.name}</p>}
            />
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: ['/premier-league?tab=fixtures'] },
  );
  await act(async () => {
    dom.root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={dom.queryClient}>
          <AuthDialogProvider>
            <LeagueDialogsProvider>
              <RouterProvider router={router} />
            </LeagueDialogsProvider>
          </AuthDialogProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  // Until the fixtures (and the team's predictions) have arrived.
  for (
    let tries = 0;
    tries < 50 && dom.container.querySelector('[role="status"] .animate-pulse');
    tries++
  )
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
};

const find = <T extends HTMLElement = HTMLElement>(
  id: string,
  within: ParentNode = dom.container,
) => within.querySelector<T>(`[data-testid="${id}"]`);
const text = (id: string, within?: ParentNode) => find(id, within)?.textContent ?? null;
const click = (id: string) => act(() => find<HTMLButtonElement>(id)?.click());

describe('PredictionBoard: one round at a time', () => {
  const season = () => [
    fixture('Matchday 1', hours(-200), {
      status: 'final',
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: null,
    }),
    fixture('Matchday 1', hours(-199), { status: 'final', homeScore: 0, awayScore: 0 }),
    fixture('Matchday 2', hours(-1)),
    fixture('Matchday 2', hours(-0.5), { status: 'live', homeScore: 1, awayScore: 0 }),
    // Postponed: never makes its round current.
    fixture('Matchday 2', hours(-30), { status: 'postponed' }),
    fixture('Matchday 3', hours(30), { timeConfirmed: false }),
    fixture('Matchday 3', hours(32)),
  ];

  it('opens at the current round and steps through the season, keeping ?tab=', async () => {
    const fixtures = season();
    serve(response(fixtures));
    await render();
    expect(text('round-heading')).toContain('Matchday 3');
    expect(text('page-subtitle')).toBe('Matchday 3');
    expect(find('time-tbc', find(`fixture-${fixtures[5]?.id}`) ?? dom.container)).not.toBeNull();
    expect(find('round-next')?.hasAttribute('disabled')).toBe(true);
    expect(find('outcome-choice')).toBeNull();
    expect(find('season-select')).toBeNull();

    click('round-prev');
    expect(text('round-heading')).toContain('Matchday 2');
    expect(text('location')).toBe('?tab=fixtures&round=Matchday+2');
    expect(text('awaiting-result')).toBe('Awaiting result');
    expect(text('fixture-result')).toBe('1–0');
    expect(text('fixture-status', find(`fixture-${fixtures[4]?.id}`) ?? undefined)).toBe(
      'Postponed',
    );

    click('round-prev');
    expect(text('page-subtitle')).toBe('Matchday 1');
    expect(text('fixture-result')).toBe('2–1');
    expect(text('minute-tbc')).toBe('First-goal minute to be confirmed');
    expect(find('round-prev')?.hasAttribute('disabled')).toBe(true);
  });

  it('offers the seasons when there are several, and says when nothing is left to predict', async () => {
    serve(response(season().slice(0, 2), ['2026-27', '2025-26']));
    await render({ isAdmin: true });
    expect(find('season-select')).not.toBeNull();
    expect(find('no-open-fixtures')).not.toBeNull();
    expect(find('admin-fixtures-link')?.getAttribute('href')).toBe('/admin');
  });

  it('shows no admin link to players', async () => {
    serve(response(season().slice(0, 2)));
    await render();
    expect(find('no-open-fixtures')).not.toBeNull();
    expect(find('admin-fixtures-link')).toBeNull();
  });
});

describe('PredictionBoard: deadlines', () => {
  const league: MyLeagueItem = {
    id: 'league-1',
    name: 'Friends',
    inviteCode: 'ABC123',
    unread: 0,
    competitionId: 'premier_league',
    competitionName: 'Premier League',
    competitionRoute: '/premier-league',
    joinByName: true,
    isAdmin: false,
    rules: { ...defaultLeagueRules },
    teams: [{ id: 'team-1', name: 'Pat FC', leagueId: 'league-1' }],
  };

  it('drops a change the kick-off overtook and says so on the row', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    dom.queryClient.setQueryData(myLeaguesQueryOptions.queryKey, [league]);
    const soon = fixture('Matchday 5', new Date(Date.now() + 30_000).toISOString());
    serve(response([soon, fixture('Matchday 5', hours(48))]));
    await render({ signedIn: true });
    const row = find(`fixture-${soon.id}`);
    const home = find<HTMLButtonElement>('outcome-1', row ?? undefined);
    const choice = find('outcome-choice', row ?? undefined);
    if (!row || !home || !choice) throw new Error('no open fixture');
    act(() => home.click());
    expect(home.getAttribute('aria-checked')).toBe('true');
    expect(text('unsaved')).toBe('1 unsaved change');

    await act(async () => {
      // Before the board's one-minute refetch: the kick-off timer alone locks the row.
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(row.getAttribute('data-locked')).toBe('true');
    expect(text('late-change', row)).toContain('this change was not saved');
    // The dropped pick is gone: a started match without a saved pick has no controls left.
    expect(find('outcome-choice', row)).toBeNull();
    expect(find('unsaved')).toBeNull();
  });

  it('draws each club as a badge in its colours, and celebrates an exact minute once', async () => {
    localStorage.removeItem(localKeys.celebrated);
    dom.queryClient.setQueryData(myLeaguesQueryOptions.queryKey, [league]);
    const exact = fixture('Matchday 7', hours(-50), {
      status: 'final',
      homeScore: 1,
      awayScore: 0,
      firstGoalMinute: 23,
    });
    const missed = fixture('Matchday 7', hours(-49), {
      status: 'final',
      homeScore: 0,
      awayScore: 2,
      firstGoalMinute: 40,
    });
    const pick = (f: FixtureItem, minute: number, points: number) => ({
      fixtureId: f.id,
      outcome: '1',
      firstGoalMinute: minute,
      joker: false,
      points,
      updatedAt: hours(-60),
    });
    serve(
      {
        ...response([exact, missed]),
        clubs: {
          [exact.homeTeam]: { colour: '#0000dd', alternate: '#ffffff', abbreviation: 'CHE' },
        },
      },
      [pick(exact, 23, 4), pick(missed, 12, 0)],
    );
    await render({ signedIn: true });
    const row = find(`fixture-${exact.id}`) ?? undefined;
    const badges = [...(row?.querySelectorAll('[data-testid="club-badge"]') ?? [])];
    // A club the answer gave colours to in them; any other ('Away 1') in its name's own.
    expect(badges.map((b) => b.textContent)).toEqual(['CHE', 'AWA']);
    expect(badges[0]?.getAttribute('style')).toContain('background-color: #0000dd');
    // The exact minute is celebrated; the miss is not.
    expect(text('celebration', row)).toBe('Exact minute!');
    expect(find('celebration', row)?.getAttribute('data-fresh')).toBe('true');
    expect(find('celebration', find(`fixture-${missed.id}`) ?? undefined)).toBeNull();
  });

  it('says why a joker cannot go on a match, and shows it when pressed anyway', async () => {
    dom.queryClient.setQueryData(myLeaguesQueryOptions.queryKey, [league]);
    const open = [
      fixture('Matchday 6', hours(48)),
      fixture('Matchday 6', hours(49)),
      fixture('Matchday 6', hours(50)),
    ];
    serve(response(open));
    await render({ signedIn: true });
    const rows = open.map((f) => find(`fixture-${f.id}`) ?? undefined);
    const joker = (i: number) => find<HTMLButtonElement>('joker-toggle', rows[i]);
    const why = (i: number) => find('joker-why', rows[i]);
    const described = (i: number) =>
      document.getElementById(joker(i)?.getAttribute('aria-describedby') ?? '')?.textContent;

    // No pick yet: focus says why; pressing it shows why and places nothing.
    expect(joker(0)?.getAttribute('aria-disabled')).toBe('true');
    expect(described(0)).toBe('Pick 1, X or 2 first, then place a joker here.');
    expect(why(0)?.className).toBe('sr-only');
    act(() => joker(0)?.click());
    expect(why(0)?.className).not.toBe('sr-only');
    expect(joker(0)?.getAttribute('aria-pressed')).toBe('false');

    for (const i of [0, 1, 2]) act(() => find<HTMLButtonElement>('outcome-1', rows[i])?.click());
    expect(why(0)).toBeNull();
    act(() => joker(0)?.click());
    act(() => joker(1)?.click());
    expect([0, 1].map((i) => joker(i)?.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
    // Both of the league's jokers placed: the third says so.
    expect(joker(2)?.getAttribute('aria-disabled')).toBe('true');
    act(() => joker(2)?.click());
    expect(joker(2)?.getAttribute('aria-pressed')).toBe('false');
    expect(why(2)?.textContent).toBe(
      '2 of 2 jokers used in this competition. Remove one from another match to place it here.',
    );
    expect(why(2)?.className).not.toBe('sr-only');
    // One taken back: the third may take it.
    act(() => joker(1)?.click());
    expect(why(2)).toBeNull();
    act(() => joker(2)?.click());
    expect(joker(2)?.getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps unsaved picks through a reload, marked not saved yet, and drops those of started matches', async () => {
    dom.queryClient.setQueryData(myLeaguesQueryOptions.queryKey, [league]);
    const started = fixture('Matchday 7', hours(-1));
    const open = [fixture('Matchday 7', hours(48)), fixture('Matchday 7', hours(49))];
    serve(response([started, ...open]));
    sessionStorage.clear();
    await render({ signedIn: true });
    const rows = open.map((f) => find(`fixture-${f.id}`) ?? undefined);
    act(() => find<HTMLButtonElement>('outcome-X', rows[0])?.click());
    expect(text('unsaved')).toBe('1 unsaved change');
    // Meanwhile another tab's reload would find a pick for the match that has started as well.
    const kept = JSON.parse(sessionStorage.getItem('firstgoal.draft.team-1') ?? '{}') as object;
    sessionStorage.setItem(
      'firstgoal.draft.team-1',
      JSON.stringify({ ...kept, [started.id]: { outcome: '1', minute: '5', joker: false } }),
    );

    // The page again (a reload): the pick is back, not saved yet; the started match's is dropped.
    act(() => dom.root.render(<></>));
    await render({ signedIn: true });
    const again = find(`fixture-${open[0]?.id ?? ''}`) ?? undefined;
    expect(find('outcome-X', again)?.getAttribute('aria-checked')).toBe('true');
    expect(text('fixture-status', again)).toBe('Not saved yet');
    expect(text('unsaved')).toBe('1 unsaved change');
    expect(text('draft-dropped')).toBe('1 unsaved pick was dropped: its match has started.');
    expect(
      Object.keys(JSON.parse(sessionStorage.getItem('firstgoal.draft.team-1') ?? '{}')),
    ).toEqual([open[0]?.id]);
  });
});
