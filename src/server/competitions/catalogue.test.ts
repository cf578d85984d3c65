import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedAvailable, sharedPath } from '../../../tests/setup/shared';
import { createTestApp } from '../../../tests/setup/test-app';
import { readCompetitionCatalogue } from './catalogue';
import { listCompetitions, upsertCatalogue } from './repository';

const specFile = 'seed/000_dbb6f28323549d08.txt';
const hasSpec = sharedAvailable(specFile);

describe('competition catalogue', () => {
  it.runIf(hasSpec)('has a page for every competition route of the specification (§2.2)', () => {
    const spec = readFileSync(sharedPath(specFile), 'utf8');
    const routeLine = spec.split('\n').find((l) => l.startsWith('/ (home); /competitions')) ?? '';
    const competitionPart = routeLine.split('competition pages:')[1] ?? '';
    const specRoutes = [
      '/league/womenschampionship',
      ...[...competitionPart.matchAll(/\/[a-z0-9-]+/gi)].map((m) => m[0]),
    ];
    const catalogue = readCompetitionCatalogue();
    const routes = new Set(catalogue.flatMap((c) => [c.route, ...c.aliases]));
    expect(specRoutes.length).toBeGreaterThan(30);
    for (const route of specRoutes) expect(routes, route).toContain(route);
    expect(routes).toContain('/fifa-club-world-cup');
    expect(new Set(catalogue.map((c) => c.id)).size).toBe(catalogue.length);
    for (const c of catalogue)
      expect(() => new Intl.DateTimeFormat('en', { timeZone: c.timeZone })).not.toThrow();
  });

  it('uses the competition ids of the specification (§3)', () => {
    const ids = readCompetitionCatalogue().map((c) => c.id);
    for (const id of [
      'premier_league',
      'efl_championship_2025',
      'efl_league_one_2025',
      'efl_league_two_2025',
      'scottish_premiership_2025',
      'scottish_championship_2025',
      'bundesliga_2025',
      'ligue1_2025',
      'eredivisie_2025',
      'mls_2025',
      'la_liga_2025',
      'la_liga2_2025',
      'serie_a_2025',
      'fifa_club_world_cup_2025',
      'uefa_european_womens_championship_2025',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('loads idempotently', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.services.database;
      const first = await listCompetitions(db);
      await upsertCatalogue(db, readCompetitionCatalogue(), new Date('2030-01-01T00:00:00Z'));
      const second = await listCompetitions(db);
      expect(second).toEqual(first);
      const touched = await db
        .selectFrom('competitions')
        .select('updated_at')
        .where('updated_at', '=', '2030-01-01T00:00:00.000Z')
        .execute();
      expect(touched).toEqual([]);
      expect(first.length).toBe(readCompetitionCatalogue().length);
    } finally {
      await t.close();
    }
  });
});
