import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedAvailable, sharedPath } from '../../../tests/setup/shared';
import { leagueRounds, type LeagueMatch } from '../../domain/sources/rounds';

/** A double round robin of `n` clubs (the circle method), a round a week from 1 August 2026. */
const roundRobin = (n: number) => {
  const clubs = Array.from({ length: n }, (_, i) => `Club ${i + 1}`);
  const rounds: [string, string][][] = [];
  for (let r = 0; r < n - 1; r += 1) {
    const round: [string, string][] = [];
    for (let i = 0; i < n / 2; i += 1) {
      const a = i === 0 ? clubs[0] : clubs[((r + i - 1) % (n - 1)) + 1];
      const b = clubs[((r + n - 2 - i) % (n - 1)) + 1];
      round.push(r % 2 === 0 ? [a as string, b as string] : [b as string, a as string]);
    }
    rounds.push(round);
  }
  const all = [
    ...rounds,
    ...rounds.map((round) => round.map(([h, a]) => [a, h] as [string, string])),
  ];
  return all.flatMap((round, r) =>
    round.map(([home, away]) => ({
      home,
      away,
      round: r + 1,
      kickoffAt: new Date(Date.UTC(2026, 7, 1 + 7 * r)).toISOString(),
    })),
  );
};

const oncePerRound = (matches: readonly LeagueMatch[], rounds: readonly number[]) => {
  const seen = new Set<string>();
  return matches.every((m, i) =>
    [m.home, m.away].every((club) => {
      const key = `${rounds[i]}|${club}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
};

describe('a league’s rounds from its matches (issue 50)', () => {
  it('numbers the matchdays of a season in date order', () => {
    const season = roundRobin(20);
    expect(leagueRounds(season)).toEqual(season.map((m) => m.round));
  });

  it('keeps a match played weeks later in its round, and one brought forward', () => {
    const season = roundRobin(18);
    const late = season.findIndex((m) => m.round === 10);
    const early = season.findIndex((m) => m.round === 25);
    const moved = season.map((m, i) =>
      i === late
        ? { ...m, kickoffAt: new Date(Date.UTC(2026, 7, 1 + 7 * 19 + 3)).toISOString() }
        : i === early
          ? { ...m, kickoffAt: new Date(Date.UTC(2026, 7, 1 + 7 * 21 + 3)).toISOString() }
          : m,
    );
    const rounds = leagueRounds(moved);
    expect(rounds).toEqual(season.map((m) => m.round));
  });

  it('says null for a list that is no league (a club with no opponent)', () => {
    expect(leagueRounds([{ kickoffAt: '2026-08-01', home: 'A', away: 'A' }])).toBeNull();
    expect(leagueRounds([])).toEqual([]);
  });

  it.runIf(sharedAvailable('data/live/espn-derived'))(
    'gives every league ESPN listed for 2026-27 full rounds, each club once a round',
    () => {
      const file = JSON.parse(
        readFileSync(
          sharedPath('data/live/espn-derived/schedules_2026-27_read2026-08-09.json'),
          'utf8',
        ),
      ) as {
        divisions: Record<
          string,
          { teamCount: number; fixtures: { date: string; home: string; away: string }[] }
        >;
      };
      for (const [code, league] of Object.entries(file.divisions)) {
        const matches = league.fixtures.map((f) => ({
          kickoffAt: `${f.date}T12:00:00Z`,
          home: f.home,
          away: f.away,
        }));
        const rounds = leagueRounds(matches);
        expect(rounds, code).not.toBeNull();
        expect(oncePerRound(matches, rounds ?? []), code).toBe(true);
        const sizes = new Map<number, number>();
        for (const k of rounds ?? []) sizes.set(k, (sizes.get(k) ?? 0) + 1);
        expect(sizes.size, code).toBe(2 * (league.teamCount - 1));
        expect(new Set(sizes.values()), code).toEqual(new Set([league.teamCount / 2]));
      }
    },
  );
});
