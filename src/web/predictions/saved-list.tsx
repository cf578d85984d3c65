import { useTranslation } from 'react-i18next';
import { Sparkles, Trash2 } from 'lucide-react';
import { Badge } from '../ui/badge';
import type { FixtureItem, TeamPredictions } from './api';

type Saved = TeamPredictions['predictions'][number];

interface SavedListProps {
  fixtures: readonly FixtureItem[];
  saved: readonly Saved[];
  isLocked: (fixture: FixtureItem) => boolean;
  onDelete: (fixtureId: string) => void;
}

/** 'Your Saved Predictions': what the server holds for the active team (spec §2.11). */
export const SavedList = ({ fixtures, saved, isLocked, onDelete }: SavedListProps) => {
  const { t } = useTranslation();
  const byId = new Map(fixtures.map((f) => [f.id, f] as const));
  const rows = saved
    .map((prediction) => ({ prediction, fixture: byId.get(prediction.fixtureId) }))
    .filter((row): row is { prediction: Saved; fixture: FixtureItem } => Boolean(row.fixture))
    .sort((a, b) => a.fixture.kickoffAt.localeCompare(b.fixture.kickoffAt));

  return (
    <section aria-labelledby="saved-title" className="flex flex-col gap-3">
      <h2 id="saved-title" className="text-lg font-bold text-fg">
        {t('predictions.savedTitle')}
      </h2>
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
                    <Badge tone="success">
                      {t('predictions.points', { count: prediction.points })}
                    </Badge>
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
