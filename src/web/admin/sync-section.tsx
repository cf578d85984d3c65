import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { toast } from '../ui/toast';
import { ApiError } from '../lib/api-client';
import { useFormat } from '../lib/format';
import { useErrorMessage } from '../lib/use-error-message';
import { SectionHeader } from '../ui/section-header';
import { Button } from '../ui/button';
import { QueryView } from '../ui/query-view';
import { EmptyState, Notice } from '../ui/state';
import { AccessDenied } from './access-denied';
import { useRunSync, useSyncOverview } from './sync-api';
import { SyncList } from './sync-list';

/** The openfootball fixture sync: the last run per competition and 'Sync now'. */
export const SyncSection = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const overview = useSyncOverview();
  const run = useRunSync();
  if (overview.error instanceof ApiError && overview.error.code === 'ADMIN_ONLY')
    return <AccessDenied />;

  const syncing = run.isPending ? (run.variables ?? '') : null;
  const start = (competitionId: string | null) =>
    run.mutate(competitionId, {
      onSuccess: ({ competitions }) => {
        // A season file not published yet (404) is normal; anything else needs a look.
        const problems = competitions.filter(
          (c) => c.outcome !== 'applied' && c.outcome !== 'missing',
        ).length;
        const sum = (key: 'new' | 'changed') =>
          competitions.reduce((n, c) => n + (c.counts?.[key] ?? 0), 0);
        if (problems > 0) toast.warning(t('admin.sync.doneWithProblems'));
        else
          toast.success(
            t('admin.sync.done', {
              new: format.number(sum('new')),
              changed: format.number(sum('changed')),
            }),
          );
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section
      aria-labelledby="sync-heading"
      className="flex flex-col gap-4"
      data-testid="admin-sync"
    >
      <SectionHeader
        id="sync-heading"
        title={t('admin.sync.title')}
        description={t('admin.sync.description')}
        icon={RefreshCw}
        actions={
          <>
            <Button
              onClick={() => start(null)}
              disabled={
                syncing !== null || !overview.data || overview.data.competitions.length === 0
              }
              data-testid="sync-all"
            >
              <RefreshCw
                aria-hidden="true"
                className={syncing === '' ? 'size-4 animate-spin' : 'size-4'}
              />
              {syncing === '' ? t('admin.sync.syncing') : t('admin.sync.syncAll')}
            </Button>
          </>
        }
      />
      {overview.data && !overview.data.enabled ? (
        <Notice tone="info">{t('admin.sync.disabled')}</Notice>
      ) : null}
      {overview.data?.running && syncing === null ? (
        <Notice tone="info">{t('admin.sync.running')}</Notice>
      ) : null}
      {overview.isPending || overview.isError ? (
        <QueryView query={overview} errorTitle={t('admin.sync.loadError')} />
      ) : overview.data.competitions.length === 0 ? (
        <EmptyState title={t('admin.sync.empty')}>
          <p className="text-sm text-fg-muted">{t('admin.sync.emptyHint')}</p>
        </EmptyState>
      ) : (
        <SyncList
          competitions={overview.data.competitions}
          syncing={syncing}
          onSync={(id) => start(id)}
        />
      )}
    </section>
  );
};
