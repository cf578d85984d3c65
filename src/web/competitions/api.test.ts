import { describe, expect, it } from 'vitest';
import { resolveCompetitionPath, type CompetitionItem } from './api';

const competition = (id: string, route: string, aliases: string[] = []): CompetitionItem => ({
  id,
  route,
  aliases,
  name: id,
  country: 'England',
  flag: 'ENG',
  kind: 'table',
  seasonLabel: '2025-26',
  summaryKey: null,
  timeZone: 'Europe/London',
  sortOrder: 1,
  currentSeason: '2026-27',
  fixtureCount: 1,
  openFixtures: 1,
  nextKickoff: null,
  nextKickoffConfirmed: false,
  fixtureSource: null,
  state: 'open',
});

const catalogue = [
  competition('premier_league', '/premier-league'),
  competition('efl_championship_2025', '/efl-championship', ['/EFLChampionship']),
  competition('uefa_womens', '/league/womenschampionship'),
];

describe('resolveCompetitionPath', () => {
  it('finds a competition by its route', () => {
    expect(resolveCompetitionPath(catalogue, '/premier-league')).toMatchObject({
      competition: { id: 'premier_league' },
      canonical: true,
    });
    expect(resolveCompetitionPath(catalogue, '/league/womenschampionship')?.competition.id).toBe(
      'uefa_womens',
    );
  });

  it('marks aliases and other spellings as needing a redirect', () => {
    expect(resolveCompetitionPath(catalogue, '/EFLChampionship')).toMatchObject({
      competition: { id: 'efl_championship_2025' },
      canonical: false,
    });
    expect(resolveCompetitionPath(catalogue, '/Premier-League/')?.canonical).toBe(false);
  });

  it('knows nothing else', () => {
    expect(resolveCompetitionPath(catalogue, '/nope')).toBeNull();
    expect(resolveCompetitionPath(catalogue, '/')).toBeNull();
  });
});
