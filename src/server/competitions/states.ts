import type { Kysely } from 'kysely';
import { currentSeasonOf, seasonTodayOf } from '../../domain/seasons';
import type { DB } from '../db/schema';
import { allSeasonSpans } from '../fixtures/repository';

export interface CompetitionState {
  /** The current season (docs/design.md §2): the one with the next unstarted fixture, else the latest. */
  season: string | null;
  fixtures: number;
  /** Fixtures of the current season still open for predictions. */
  open: number;
  nextKickoff: string | null;
  nextKickoffConfirmed: boolean;
}

/** Per competition: its current season, how many fixtures it has and how many are open. */
export const competitionStates = async (
  db: Kysely<DB>,
  now: Date,
  /** Each competition's catalogue season ('2026-27', MLS '2025'): how it names its seasons. */
  catalogueSeasons: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, CompetitionState>> => {
  const spans = await allSeasonSpans(db, now);
  const ids = new Set([...spans.keys(), ...catalogueSeasons.keys()]);
  return new Map(
    [...ids].map((competitionId) => {
      const list = spans.get(competitionId) ?? [];
      const named = catalogueSeasons.get(competitionId);
      const season = currentSeasonOf(list, named ? seasonTodayOf(named, now) : null);
      const current = list.find((s) => s.season === season);
      return [
        competitionId,
        {
          season,
          fixtures: current?.fixtures ?? 0,
          open: current?.unstarted ?? 0,
          nextKickoff: current?.nextKickoff ?? null,
          nextKickoffConfirmed: current?.nextKickoffConfirmed ?? false,
        },
      ];
    }),
  );
};
