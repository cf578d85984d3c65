import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, CalendarClock } from 'lucide-react';
import { Card } from '../ui/card';
import { PageContainer, PageHeader } from '../ui/page';
import type { CompetitionItem } from './api';
import { CountryBadge, KindBadge } from './competition-card';

/** One competition's page; fixtures and predictions arrive with the predictions issue. */
export const CompetitionPage = ({ competition }: { competition: CompetitionItem }) => {
  const { t } = useTranslation();
  const comingSoon = competition.kind === 'coming_soon';
  return (
    <PageContainer>
      <Link
        to="/competitions"
        className="mb-4 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('competitions.backToAll')}
      </Link>
      <PageHeader
        title={competition.name}
        eyebrow={
          <div className="flex flex-wrap items-center gap-3">
            <CountryBadge competition={competition} />
            <KindBadge competition={competition} />
          </div>
        }
        subtitle={t('competitions.season', { season: competition.seasonLabel })}
      />
      <Card className="flex items-start gap-4" data-testid="competition-placeholder">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-text" />
        <div className="flex flex-col gap-1">
          <h2 className="font-bold text-fg">
            {comingSoon ? t('competitions.comingSoonTitle') : t('competitions.predictionsTitle')}
          </h2>
          <p className="text-fg-muted">
            {comingSoon ? t('competitions.comingSoonText') : t('competitions.openSoonText')}
          </p>
        </div>
      </Card>
    </PageContainer>
  );
};
