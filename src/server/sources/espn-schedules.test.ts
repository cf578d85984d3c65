import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedEspnEvent } from '../../../tests/setup/derived-live';
import { startHostileSource } from '../../../tests/setup/hostile-source';
import { createLeague, player } from '../../../tests/setup/leagues';
import { sharedAvailable } from '../../../tests/setup/shared';
import { createTestApp, type Agent, type TestApp } from '../../../tests/setup/test-app';
import { readFileSync } from 'node:fs';
import { zonedDateTime } from '../../domain/kickoff';
import { readLiveSourceMap } from '../competitions/catalogue';
import { runFixtureSync } from '../sync/service';
import { syncLive } from '../live/service';

// Issue 50: League One, League Two, Serie B and Ligue 2 have their 2026-27 season built in from
// the schedules ESPN listed (dates, teams, event ids, no times). A fresh install offline can
// play them; once ESPN answers, its events find their fixtures by the remembered ids.
const available = sharedAvailable('data/live');
const clock = new Date('2026-12-03T12:00:00.000Z');
let t: TestApp;
let fan: Agent;
let source: Awaited<ReturnType<typeof startHostileSource>>;

beforeAll(async () => {
  source = await startHostileSource();
  t = await createTestApp({
    now: () => clock,
    env: { ESPN_URL: source.url, OPENFOOTBALL_URL: source.url, LIVE_SOURCES: 'espn' },
  });
  fan = await player(t, 'Fan');
});
afterAll(async () => {
  await t?.close();
  await source?.close();
});

const fixturesOf = async (competitionId: string) =>
  (await fan.get(`/api/competitions/${competitionId}/fixtures?season=2026-27`)).body as {
    season: string;
    fixtures: {
      id: string;
      kickoffAt: string;
      timeConfirmed: boolean;
      homeTeam: string;
      awayTeam: string;
      locked: boolean;
    }[];
  };

describe('schedules built in from ESPN’s lists (issue 50)', () => {
  it.each([
    ['efl_league_one_2025', 552],
    ['efl_league_two_2025', 552],
    ['serie_b', 380],
    ['ligue_2', 306],
  ] as const)(
    '%s: the whole 2026-27 season, each fixture paired with its ESPN event',
    async (id, count) => {
      const { fixtures } = await fixturesOf(id);
      expect(fixtures).toHaveLength(count);
      expect(fixtures.every((f) => !f.timeConfirmed)).toBe(true);
      const links = await t.services.database.db
        .selectFrom('live_links')
        .innerJoin('fixtures', 'fixtures.id', 'live_links.fixture_id')
        .select('live_links.match_id')
        .where('fixtures.competition_id', '=', id)
        .where('live_links.source', '=', 'espn')
        .execute();
      expect(links).toHaveLength(count);
    },
  );

  it.runIf(available)(
    'a league on League One predicts, and ESPN’s event gives the time by its id',
    async () => {
      const created = await createLeague(fan, 'Third Tier', 'Fan FC', {
        competitionId: 'efl_league_one_2025',
      });
      expect(created.league.competitionRoute).toBe('/efl-league-one');
      const { fixtures } = await fixturesOf('efl_league_one_2025');
      const next = fixtures.find(
        (f) => !f.locked && Date.parse(f.kickoffAt) > clock.getTime() + 86_400_000,
      );
      if (!next) throw new Error('no open League One fixture after the pinned clock');
      const saved = await fan.put('/api/predictions', {
        teamId: created.teams[0]?.id,
        predictions: [{ fixtureId: next.id, outcome: '1', firstGoalMinute: 30 }],
      });
      expect(saved.body).toMatchObject({ saved: [next.id] });
      const [link] = await t.services.database.db
        .selectFrom('live_links')
        .select('match_id')
        .where('fixture_id', '=', next.id)
        .execute();
      // ESPN names the kick-off, 19:45 UK time on the fixture's date.
      const kickoff = `${next.kickoffAt.slice(0, 10)}T19:45:00.000Z`;
      source.setEvents([
        {
          ...derivedEspnEvent({ ...next, kickoffAt: kickoff }, 'pre', [0, 0], [], "0'"),
          id: link?.match_id,
        },
      ]);
      await syncLive(t.services, readLiveSourceMap(), ['efl_league_one_2025'], {
        kind: 'upcoming',
      });
      const after = (await fixturesOf('efl_league_one_2025')).fixtures.find(
        (f) => f.id === next.id,
      );
      expect(after).toMatchObject({ kickoffAt: kickoff, timeConfirmed: true });
    },
  );

  it('openfootball publishing the season later pairs with these fixtures: ids and picks kept', async () => {
    const built = JSON.parse(
      readFileSync(
        new URL('../../../catalogue/fixtures/2026-27/efl_league_two_2025.json', import.meta.url),
        'utf8',
      ),
    ) as {
      fixtures: {
        id: string;
        round: string;
        kickoffAt: string;
        homeTeam: string;
        awayTeam: string;
      }[];
    };
    const created = await createLeague(fan, 'Fourth Tier', 'Fan Town', {
      competitionId: 'efl_league_two_2025',
    });
    const open = built.fixtures.find((f) => Date.parse(f.kickoffAt) > clock.getTime() + 86_400_000);
    if (!open) throw new Error('no open League Two fixture');
    const saved = await fan.put('/api/predictions', {
      teamId: created.teams[0]?.id,
      predictions: [{ fixtureId: open.id, outcome: 'X', firstGoalMinute: 0 }],
    });
    expect(saved.body).toMatchObject({ saved: [open.id] });
    // openfootball's way: clubs named 'Oldham Athletic AFC', kick-offs at 15:00 UK time.
    const file = {
      name: 'English League Two 2026/27',
      matches: built.fixtures.map((f) => ({
        round: f.round,
        date: zonedDateTime(new Date(f.kickoffAt), 'Europe/London').date,
        time: '15:00',
        team1: `${f.homeTeam} AFC`,
        team2: `${f.awayTeam} AFC`,
      })),
    };
    source.on('/2026-27/en.4.json', (_req, res) => res.writeHead(200).end(JSON.stringify(file)));
    const summary = await runFixtureSync(t.services, { competitionId: 'efl_league_two_2025' });
    expect(summary.competitions[0]).toMatchObject({
      outcome: 'applied',
      counts: { new: 0, rejected: 0 },
    });
    const { fixtures } = await fixturesOf('efl_league_two_2025');
    expect(fixtures).toHaveLength(552);
    expect(new Set(fixtures.map((f) => f.id))).toEqual(new Set(built.fixtures.map((f) => f.id)));
    expect(fixtures.find((f) => f.id === open.id)).toMatchObject({ timeConfirmed: true });
    const picks = await t.services.database.db
      .selectFrom('predictions')
      .select('fixture_id')
      .where('team_id', '=', created.teams[0]?.id ?? '')
      .execute();
    expect(picks).toEqual([{ fixture_id: open.id }]);
  });
});
