import type { TestApp } from './test-app';

export interface TestFixture {
  id: string;
  competitionId?: string;
  kickoffAt: Date | string;
  home?: string;
  away?: string;
  round?: string;
  /** Default '' (one unnamed season). */
  season?: string;
  status?: 'scheduled' | 'live' | 'final' | 'postponed' | 'cancelled';
  /** Teams to be determined (default: a team named 'TBD'). */
  tbd?: boolean;
}

/** Inserts fixtures straight into the database (what the admin/import features do for real). */
export const insertFixtures = async (t: TestApp, fixtures: TestFixture[]) => {
  const now = new Date().toISOString();
  await t.services.database.db
    .insertInto('fixtures')
    .values(
      fixtures.map((f) => ({
        id: f.id,
        competition_id: f.competitionId ?? 'premier_league',
        season: f.season ?? '',
        status: f.status ?? 'scheduled',
        round_label: f.round ?? 'Matchday 1',
        kickoff_at: new Date(f.kickoffAt).toISOString(),
        home_team: f.home ?? `${f.id} Home`,
        away_team: f.away ?? `${f.id} Away`,
        tbd: (f.tbd ?? [f.home, f.away].some((t) => t?.trim().toUpperCase() === 'TBD')) ? 1 : 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
};

export const hoursFrom = (base: Date, hours: number) =>
  new Date(base.getTime() + hours * 3_600_000);
