import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { toast } from '../ui/toast';
import { ApiError } from '../lib/api-client';
import { useFormat } from '../lib/format';
import { useErrorMessage } from '../ui/use-error-message';
import { SectionHeader } from '../ui/section-header';
import { Button } from '../ui/button';
import { QueryView } from '../ui/query-view';
import { EmptyState, Notice } from '../ui/state';
import { AccessDenied } from './access-denied';
import { LiveSourcesPanel } from './live-sources-panel';
import { useRunSync, useSyncOverview, type SyncTarget } from './sync-api';
import { SyncList } from './sync-list';

/**
 * The fixture sync: openfootball's last run per competition and 'Sync now', then the live
 * sources (issue 28): requests, matches without a fixture, disagreements, a past season.
 */
export const SyncSection = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const overview = useSyncOverview();
  const run = useRunSync();
  if (overview.error instanceof ApiError && overview.error.code === 'ADMIN_ONLY')
    return <AccessDenied />;

  const syncing = run.isPending ? (run.variables?.competitionId ?? '') : null;
  const start = (target: SyncTarget | null) =>
    run.mutate(target, {
      onSuccess: ({ competitions, live }) => {
        // A season file not published yet (404) is normal; anything else needs a look.
        const problems = competitions.filter(
          (c) => c.outcome !== 'applied' && c.outcome !== 'missing',
        ).length;
        const sum = (key: 'new' | 'changed') =>
          competitions.reduce((n, c) => n + (c.counts?.[key] ?? 0), 0);
        const liveChanged = live.reduce((n, s) => n + s.changed, 0);
        const liveFailed = live.some((s) => s.failed > 0 && s.failed === s.requests);
        if (problems > 0 || liveFailed) toast.warning(t('admin.sync.doneWithProblems'));
        else
          toast.success(
            `${t('admin.sync.done', {
              new: format.number(sum('new')),
              changed: format.number(sum('changed')),
            })} ${t('admin.sync.live.done', { count: liveChanged, n: format.number(liveChanged) })}`,
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
          onSync={(id) => start({ competitionId: id })}
        />
      )}
      {overview.data ? (
        <LiveSourcesPanel
          live={overview.data.live}
          competitions={overview.data.competitions}
          syncing={syncing}
          onSyncSeason={(competitionId, season) => start({ competitionId, season })}
        />
      ) : null}
    </section>
  );
};
