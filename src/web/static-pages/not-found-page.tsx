import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { useDocumentTitle } from '../lib/use-document-title';
import { buttonClasses } from '../ui/button';
import { PageContainer } from '../ui/page';

/** Any unknown path (spec §2.1). */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <PageContainer className="max-w-xl">
      <div
        className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface p-8 text-center shadow-sm"
        data-testid="not-found"
      >
        <p aria-hidden="true" className="text-6xl font-black tracking-tight text-brand-text">
          404
        </p>
        <h1 className="text-2xl font-extrabold text-fg">{t('notFound.title')}</h1>
        <p className="text-fg-muted">{t('notFound.text')}</p>
        <Link to="/" className={buttonClasses('primary', 'lg')} data-testid="not-found-home">
          <Home aria-hidden="true" className="size-5" />
          {t('notFound.goHome')}
        </Link>
      </div>
    </PageContainer>
  );
};
