import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import { ApiError } from '../lib/api-client';
import { useErrorMessage } from '../lib/use-error-message';
import { Button } from '../ui/button';
import { LoadingBlock } from '../ui/skeleton';
import { EmptyState, ErrorState } from '../ui/state';
import { AccessDenied } from './access-denied';
import { useOutbox } from './api';
import { OutboxList } from './outbox-list';

/** The mail outbox: what FirstGoal sent or tried to send, with a retry for failures. */
export const OutboxSection = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const outbox = useOutbox();
  if (outbox.error instanceof ApiError && outbox.error.code === 'ADMIN_ONLY')
    return <AccessDenied />;
  return (
    <section
      aria-labelledby="outbox-heading"
      className="flex flex-col gap-4"
      data-testid="admin-outbox"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="outbox-heading" className="flex items-center gap-2 text-lg font-bold text-fg">
            <Mail aria-hidden="true" className="size-5" />
            {t('admin.outbox.title')}
          </h2>
          <p className="text-sm text-fg-muted">{t('admin.outbox.description')}</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          {outbox.isFetching && !outbox.isPending ? t('common.refreshing') : t('common.refresh')}
        </Button>
      </div>
      {outbox.isPending ? (
        <LoadingBlock label={t('common.loading')} rows={3} />
      ) : outbox.isError ? (
        <ErrorState
          title={t('admin.outbox.loadError')}
          message={errorMessage(outbox.error)}
          retryLabel={t('common.retry')}
          onRetry={() => void outbox.refetch()}
        />
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
