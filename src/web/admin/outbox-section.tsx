import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { ApiError } from '../lib/api-client';
import { SectionHeader } from '../ui/section-header';
import { Button } from '../ui/button';
import { QueryView } from '../ui/query-view';
import { EmptyState } from '../ui/state';
import { AccessDenied } from './access-denied';
import { useOutbox } from './api';
import { OutboxList } from './outbox-list';

/** The mail outbox: what FirstGoal sent or tried to send, with a retry for failures. */
export const OutboxSection = () => {
  const { t } = useTranslation();
  const outbox = useOutbox();
  if (outbox.error instanceof ApiError && outbox.error.code === 'ADMIN_ONLY')
    return <AccessDenied />;
  return (
    <section
      aria-labelledby="outbox-heading"
      className="flex flex-col gap-4"
      data-testid="admin-outbox"
    >
      <SectionHeader
        id="outbox-heading"
        title={t('admin.outbox.title')}
        description={t('admin.outbox.description')}
        icon={Mail}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => void outbox.refetch()}
              disabled={outbox.isFetching}
            >
              {outbox.isFetching && !outbox.isPending
                ? t('common.refreshing')
                : t('common.refresh')}
            </Button>
          </>
        }
      />
      {outbox.isPending || outbox.isError ? (
        <QueryView query={outbox} errorTitle={t('admin.outbox.loadError')} />
      ) : outbox.data.length === 0 ? (
        <EmptyState title={t('admin.outbox.empty')}>
          <p className="text-sm text-fg-muted">{t('admin.outbox.emptyHint')}</p>
        </EmptyState>
      ) : (
        <OutboxList mails={outbox.data} />
      )}
    </section>
  );
};
