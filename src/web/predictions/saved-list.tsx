import { useTranslation } from 'react-i18next';
import { Sparkles, Trash2 } from 'lucide-react';
import { Badge } from '../ui/badge';
import type { FixtureItem, TeamPredictions } from './api';
import { PointsBadge } from './fixture-result';
import { compareCodes } from '../../domain/kickoff';

type Saved = TeamPredictions['predictions'][number];

/** How long a kicked-off pick stays in the list, so its result and points can be seen. */
export const recentWindowMs = 3 * 24 * 3_600_000;

interface Row<F> {
  prediction: Saved;
  fixture: F;
}

/**
 * The saved picks worth listing: those still open, and those kicked off in the last three days
 * (a whole season of history belongs to its rounds, not here), in kick-off order.
 */
export const savedListRows = <F extends { id: string; kickoffAt: string }>(
  fixtures: readonly F[],
  saved: readonly Saved[],
  isLocked: (fixture: F) => boolean,
  serverNow: Date,
): Row<F>[] => {
  const byId = new Map(fixtures.map((f) => [f.id, f] as const));
  const since = serverNow.getTime() - recentWindowMs;
  return saved
    .flatMap((prediction) => {
      const fixture = byId.get(prediction.fixtureId);
      return fixture ? [{ prediction, fixture }] : [];
    })
    .filter(({ fixture }) => !isLocked(fixture) || Date.parse(fixture.kickoffAt) >= since)
    .sort((a, b) => compareCodes(a.fixture.kickoffAt, b.fixture.kickoffAt));
};

interface SavedListProps {
  fixtures: readonly FixtureItem[];
  saved: readonly Saved[];
  isLocked: (fixture: FixtureItem) => boolean;
  serverNow: Date;
  onDelete: (fixtureId: string) => void;
}

/** 'Your Saved Predictions': the active team's open and recent picks (spec §2.11). */
export const SavedList = ({ fixtures, saved, isLocked, serverNow, onDelete }: SavedListProps) => {
  const { t } = useTranslation();
  const rows = savedListRows(fixtures, saved, isLocked, serverNow);

  return (
    <section aria-labelledby="saved-title" className="flex flex-col gap-3">
      <div>
        <h2 id="saved-title" className="text-lg font-bold text-fg">
          {t('predictions.savedTitle')}
        </h2>
        <p className="text-sm text-fg-muted">{t('predictions.savedScope')}</p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-fg-muted" data-testid="saved-empty">
          {t('predictions.savedEmpty')}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="saved-list">
          {rows.map(({ prediction, fixture }) => (
            <li
              key={prediction.fixtureId}
              data-testid={`saved-${prediction.fixtureId}`}
              className="flex items-start justify-between gap-3 rounded-xl border border-line bg-surface p-3"
            >
              <div className="flex min-w-0 flex-col gap-1 text-sm">
                <span className="font-semibold text-fg">
                  {fixture.homeTeam} v {fixture.awayTeam}
                </span>
                <span className="text-fg-muted">
                  {t('predictions.savedOutcome', {
                    outcome: t(`predictions.outcome.${prediction.outcome}`),
                  })}
                </span>
                {prediction.firstGoalMinute !== null ? (
                  <span className="text-fg-muted">
                    {t('predictions.savedMinute', { minute: prediction.firstGoalMinute })}
                  </span>
                ) : null}
                <span className="flex flex-wrap gap-1.5">
                  {prediction.joker ? (
                    <Badge tone="warn" data-testid="saved-joker">
                      <Sparkles aria-hidden="true" className="size-3.5" />
                      {t('predictions.joker')}
                    </Badge>
                  ) : null}
                  {prediction.points !== null ? (
                    <PointsBadge
                      earned={{ points: prediction.points, joker: prediction.joker }}
                      testId="saved-points"
                    />
                  ) : null}
                </span>
              </div>
              {isLocked(fixture) ? null : (
                <button
                  type="button"
                  onClick={() => onDelete(prediction.fixtureId)}
                  aria-label={t('predictions.deleteOne', {
                    match: `${fixture.homeTeam} v ${fixture.awayTeam}`,
                  })}
                  data-testid="saved-delete"
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-danger-soft hover:text-danger-strong"
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
