import { useTranslation } from 'react-i18next';
import { Flag } from 'lucide-react';
import { useFormat } from '../lib/format';
import { useErrorMessage } from '../ui/use-error-message';
import { SectionHeader } from '../ui/section-header';
import { Button } from '../ui/button';
import { QueryView } from '../ui/query-view';
import { EmptyState } from '../ui/state';
import { toast } from '../ui/toast';
import { useRemoveReported, useReports } from './api';

/**
 * Messages members reported in their leagues' chats (issue 32), newest report first: a site admin
 * reads each with its league and removes it ('removed by a site admin'), also when the league's
 * own admin wrote it.
 */
export const ReportsSection = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const reports = useReports();
  const remove = useRemoveReported();
  return (
    <section
      aria-labelledby="reports-heading"
      className="flex flex-col gap-4"
      data-testid="admin-reports"
    >
      <SectionHeader
        id="reports-heading"
        title={t('admin.reports.title')}
        description={t('admin.reports.description')}
        icon={Flag}
      />
      {reports.isPending || reports.isError ? (
        <QueryView query={reports} errorTitle={t('admin.reports.loadError')} />
      ) : reports.data.length === 0 ? (
        <EmptyState title={t('admin.reports.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {reports.data.map((m) => (
            <li
              key={m.id}
              className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4"
              data-testid="admin-report"
            >
              <div className="flex flex-wrap items-baseline gap-x-2 text-sm text-fg-muted">
                <span className="font-semibold text-fg">{m.teamName}</span>
                <span>{t('admin.reports.inLeague', { league: m.leagueName })}</span>
                <time dateTime={m.createdAt}>{format.dateTime(m.createdAt)}</time>
                <span className="font-semibold text-danger">
                  {t('leagues.feed.reports', { count: m.reports })}
                </span>
              </div>
              <p className="whitespace-pre-wrap break-words text-fg [overflow-wrap:anywhere]">
                {m.text}
              </p>
              <Button
                variant="danger"
                className="self-start"
                disabled={remove.isPending && remove.variables.id === m.id}
                onClick={() =>
                  remove.mutate(
                    { leagueId: m.leagueId, id: m.id },
                    {
                      onSuccess: () => toast.success(t('leagues.feed.removed')),
                      onError: (error) => toast.error(errorMessage(error)),
                    },
                  )
                }
                data-testid="admin-report-remove"
              >
                {t('admin.reports.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
