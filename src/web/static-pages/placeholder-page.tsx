import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Hammer } from 'lucide-react';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { PageContainer, PageHeader } from '../ui/page';

interface PlaceholderPageProps {
  /** A key under `pages.` with `title` and `subtitle`. */
  page: string;
  children?: ReactNode;
}

/** A tidy page for parts of FirstGoal that later work fills in. */
export const PlaceholderPage = ({ page, children }: PlaceholderPageProps) => {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t(`pages.${page}.title`)} subtitle={t(`pages.${page}.subtitle`)} />
      <Card className="flex flex-col items-start gap-4" data-testid="page-placeholder">
        <div className="flex items-start gap-3">
          <Hammer aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-text" />
          <p className="text-fg-muted">{t('pages.beingBuilt')}</p>
        </div>
        {children}
        <Link to="/competitions" className={buttonClasses('secondary')}>
          {t('pages.browseCompetitions')}
        </Link>
      </Card>
    </PageContainer>
  );
};
