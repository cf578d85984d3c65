import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import { ShieldAlert } from 'lucide-react';
import { Card } from '../ui/card';
import { PageContainer } from '../ui/page';

/** What a signed-in non-admin sees (spec §2.18); the server refuses their calls as well. */
export const AccessDenied = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  return (
    <PageContainer className="max-w-xl">
      <Card className="flex flex-col items-center gap-3 text-center" data-testid="admin-denied">
        <ShieldAlert aria-hidden="true" className="size-10 text-danger" />
        <h1 className="text-xl font-bold text-fg">{t('admin.title')}</h1>
        <p role="alert" className="text-fg-muted">
          {t('errors.ADMIN_ONLY')}
        </p>
      </Card>
    </PageContainer>
  );
};
