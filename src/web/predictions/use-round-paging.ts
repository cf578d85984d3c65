import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CompetitionKind } from '../../domain/competitions';
import { currentRoundIndex, currentSeasonOf } from '../../domain/seasons';
import type { BoardView, PlayerStatus } from '../lib/competition-board';
import type { FixtureItem, FixturesResponse } from './api';
import { roundTotal, shownRoundIndex } from './round-paging';
import { groupByRound, translateRound, type Round } from './rounds';

/** The season and round a competition page shows, and the ways to move between them. */
export interface RoundPaging {
  rounds: Round<FixtureItem>[];
  /** Index of the round shown, -1 without rounds. */
  index: number;
  round: Round<FixtureItem> | null;
  /** The season's current round right now (marked in the round picker). */
  currentIndex: number;
  goTo: (label: string) => void;
  seasons: FixturesResponse['seasons'];
  season: string | null;
  /** Whether the season shown is the competition's current one. */
  isCurrentSeason: boolean;
  chooseSeason: (season: string) => void;
}

/**
 * Reads and writes `?season=` and `?round=` (so reload and back keep what is shown; other
 * parameters such as the tournament page's `?tab=` are kept). Without `?round=` the page shows
 * the round that was current when the season was first shown.
 */
export const useRoundPaging = (data: FixturesResponse | undefined, serverNow: Date) => {
  const [params, setParams] = useSearchParams();
  const [pinned, setPinned] = useState<{ key: string; label: string } | null>(null);
  const fixtures = data?.fixtures;
  const rounds = useMemo(() => groupByRound(fixtures ?? []), [fixtures]);
  const season = data?.season ?? null;
  const key = `${data?.competition.id ?? ''}|${season ?? ''}`;
  const pinnedLabel = pinned?.key === key ? pinned.label : null;
  const index = shownRoundIndex(rounds, params.get('round'), pinnedLabel, serverNow);
  const opening = rounds[shownRoundIndex(rounds, null, pinnedLabel, serverNow)];
  // Adjusting state while rendering (not in an effect) so the first paint already has it.
  if (opening && pinnedLabel === null) setPinned({ key, label: opening.label });
  const currentSeason = data ? currentSeasonOf(data.seasons) : null;

  const update = (change: (next: URLSearchParams) => void) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      change(next);
      return next;
    });

  const paging: RoundPaging = {
    rounds,
    index,
    round: rounds[index] ?? null,
    currentIndex: currentRoundIndex(rounds, serverNow),
    goTo: (label) => update((next) => next.set('round', label)),
    seasons: data?.seasons ?? [],
    season,
    isCurrentSeason: season === currentSeason,
    chooseSeason: (chosen) =>
      update((next) => {
        next.delete('round');
        if (chosen === currentSeason) next.delete('season');
        else next.set('season', chosen);
      }),
  };
  return paging;
};

/** The season asked for in the URL (undefined: the current one), and a way back to the current. */
export const useSeasonParam = () => {
  const [params, setParams] = useSearchParams();
  const clear = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('season');
      next.delete('round');
      return next;
    });
  return { season: params.get('season') ?? undefined, clear };
};

/** What the page heading needs to know about the board ('… for Matchday 13', 'Season 2026-27'). */
export const useBoardView = (
  paging: RoundPaging,
  kind: CompetitionKind,
  status: PlayerStatus,
): BoardView => {
  const { t } = useTranslation();
  const round = paging.round;
  if (!round) return { status, season: paging.season, round: null };
  const name = translateRound(t, round.label);
  const total = roundTotal(paging.rounds, round.label, kind !== 'tournament');
  return {
    status,
    season: paging.season,
    round: {
      label: round.label,
      name,
      nameOfTotal: total ? t('fixtures.round.ofTotal', { round: name, total }) : name,
      open: round.fixtures.some((f) => !f.locked),
    },
  };
};
