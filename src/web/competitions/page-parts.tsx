import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, CalendarRange, ListChecks, Users } from 'lucide-react';
import type { BoardView } from '../lib/competition-board';
import { Card } from '../ui/card';
import { PageHeader } from '../ui/page';
import type { CompetitionItem } from './api';
import { CountryBadge, FixtureSourceNote, StateBadge } from './competition-card';
import { summaryFor, summaryLines } from './season-summaries';

export const BackLink = () => {
  const { t } = useTranslation();
  return (
    <Link
      to="/competitions"
      data-testid="back-to-competitions"
      className="mb-4 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('competitions.backToAll')}
    </Link>
  );
};

export const CompetitionEyebrow = ({ competition }: { competition: CompetitionItem }) => (
  <div className="flex flex-wrap items-center gap-3">
    <CountryBadge competition={competition} />
    <StateBadge competition={competition} />
  </div>
);

/** The season a page names: the one the board shows, else the competition's current one. */
export const seasonShown = (competition: CompetitionItem, view?: BoardView) =>
  view?.season ?? competition.currentSeason ?? competition.seasonLabel;

/**
 * The competition's own subtitle from the spec when it has one ('Make your predictions for
 * Matchday 13', 'Matchday 13 of 46'), naming the round shown; else, and until the round is
 * known, the season shown.
 */
export const useSubtitle = () => {
  const { t, i18n } = useTranslation();
  return (competition: CompetitionItem, view?: BoardView) => {
    const key = `competitions.subtitles.${competition.id}`;
    const season = seasonShown(competition, view);
    // A round that has all kicked off is there to look back at: its own wording when the
    // competition has one (i18next context 'played').
    return view?.round && i18n.exists(key)
      ? t(key, {
          round: view.round.name,
          roundOfTotal: view.round.nameOfTotal,
          season,
          context: view.round.open ? undefined : 'played',
        })
      : t('competitions.season', { season });
  };
};

/** A competition page's heading: country and state, its name (or `title`), the round shown. */
export const CompetitionHeader = ({
  competition,
  view,
  title,
}: {
  competition: CompetitionItem;
  view: BoardView;
  title?: string;
}) => {
  const subtitle = useSubtitle();
  return (
    <>
      <PageHeader
        eyebrow={<CompetitionEyebrow competition={competition} />}
        title={title ?? competition.name}
        subtitle={subtitle(competition, view)}
      />
      <FixtureSourceNote competition={competition} />
    </>
  );
};

/** Season Format, Join Leagues, Predictions (spec §2.13). */
export const FeatureCards = () => {
  const { t } = useTranslation();
  const cards: { key: string; icon: ReactNode }[] = [
    { key: 'format', icon: <CalendarRange aria-hidden="true" className="size-6" /> },
    { key: 'leagues', icon: <Users aria-hidden="true" className="size-6" /> },
    { key: 'predictions', icon: <ListChecks aria-hidden="true" className="size-6" /> },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-3" data-testid="feature-cards">
      {cards.map(({ key, icon }) => (
        <li key={key}>
          <Card className="flex h-full items-start gap-3 p-4 sm:p-5">
            <span className="text-brand-text">{icon}</span>
            <div>
              <h2 className="font-bold text-fg">{t(`competitions.features.${key}.title`)}</h2>
              <p className="text-sm text-fg-muted">{t(`competitions.features.${key}.text`)}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
};

/** The 2024-25 summary of a competition, when we hold one. */
export const SeasonSummaryCard = ({
  summaryKey,
  season,
}: {
  /** The competition's key of its summary (catalogue/competitions.json), null for none. */
  summaryKey: string | null;
  /** The season the page shows: the card tells of the one before it, or is left out. */
  season: string;
}) => {
  const { t } = useTranslation();
  const summary = summaryFor(summaryKey, season);
  if (!summary) return null;
  return (
    <Card className="p-4 sm:p-5" data-testid="season-summary">
      <h2 className="mb-3 font-bold text-fg">
        {t('competitions.summary.title', { season: summary.season })}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {summaryLines.map((line) => {
          const list = summary[line];
          if (!list) return null;
          return (
            <div key={line} className="flex flex-col gap-0.5">
              <dt className="text-xs font-semibold uppercase tracking-wide text-fg-muted">
                {t(`competitions.summary.${line}`)}
              </dt>
              <dd className="text-sm text-fg">
                {list
                  .map((club) =>
                    club.playOff
                      ? `${club.name} (${t('competitions.summary.playOff')})`
                      : club.name,
                  )
                  .join(', ')}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
};
