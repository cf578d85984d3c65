import type { FixtureStatus } from '../../domain/fixtures';
import type { FixtureForPrediction } from '../../domain/predictions';
import type { StoredPick } from '../standings/standings';

// The rows a save reads, as each of its executors (Kysely, SQLite's prepared statements,
// PostgreSQL's group commit) gets them, and what a save makes of them: one mapping for all three.

/** A pick row as a save reads it (each executor's own statement): fixture, joker, points, tally, season. */
export interface SavePickRow {
  fixture_id: string;
  joker: number;
  points: number | null;
  tallied: number | null;
  season: string;
}

/** A team's pick rows as a save needs them: every joker (with its season) and the batch's stored picks. */
export const picksOfRows = (rows: readonly SavePickRow[], fixtureIds: readonly string[]) => {
  const wanted = new Set(fixtureIds);
  return {
    jokers: rows
      .filter((r) => Number(r.joker) === 1)
      .map((r) => ({ fixtureId: r.fixture_id, season: r.season, joker: true as const })),
    stored: new Map(
      rows
        .filter((r) => wanted.has(r.fixture_id))
        .map((r): [string, StoredPick] => [
          r.fixture_id,
          {
            joker: Number(r.joker) === 1,
            points: r.points === null ? null : Number(r.points),
            tallied: r.tallied === null ? null : Number(r.tallied),
          },
        ]),
    ),
  };
};

/** A fixture row as a save reads it (the SQL text executors). */
export interface SaveFixtureRow {
  id: string;
  competition_id: string;
  season: string;
  kickoff_at: string;
  status: FixtureStatus;
  home_team: string;
  away_team: string;
  tbd: number | boolean;
}

export const toSaveFixture = (f: SaveFixtureRow): FixtureForPrediction => ({
  id: f.id,
  competitionId: f.competition_id,
  season: f.season,
  kickoffAt: f.kickoff_at,
  status: f.status,
  homeTeam: f.home_team,
  awayTeam: f.away_team,
  tbd: Number(f.tbd) === 1,
});
