import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { useFormat } from '../lib/format';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button } from '../ui/button';
import type { SyncCompetition, SyncLastRun } from './sync-api';

const outcomeTone: Record<SyncLastRun['outcome'], BadgeTone> = {
  applied: 'success',
  missing: 'neutral',
  malformed: 'danger',
  unreachable: 'warn',
  failed: 'danger',
};
const countOrder = ['new', 'changed', 'unchanged', 'rejected'] as const;

const LastRun = ({ run }: { run: SyncLastRun }) => {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      <p className="text-sm text-fg-muted">
        <Badge tone={outcomeTone[run.outcome]} className="mr-2">
          {t(`admin.sync.outcome.${run.outcome}`)}
        </Badge>
        <time dateTime={run.ranAt}>
          {t('admin.sync.lastRun', { time: format.dateTime(run.ranAt) })}
        </time>
      </p>
      {run.counts ? (
        <ul
          className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-fg"
          aria-label={t('admin.sync.countsLabel')}
          data-testid="sync-counts"
        >
          {countOrder.map((key) => (
            <li key={key}>
              {t(`admin.sync.counts.${key}`, { n: format.number(run.counts?.[key] ?? 0) })}
            </li>
          ))}
        </ul>
      ) : null}
      {run.counts?.unlisted ? (
        <p className="text-sm font-semibold text-warn-strong" data-testid="sync-unlisted">
          {t('admin.sync.counts.unlisted', { n: format.number(run.counts.unlisted) })}
        </p>
      ) : null}
      {run.error ? (
        <p className="break-words text-sm text-danger">
          {t('admin.sync.error')}: {run.error}
        </p>
      ) : null}
      {!run.ok && run.lastSuccessAt ? (
        <p className="text-sm text-fg-muted">
          {t('admin.sync.lastSuccess', { time: format.dateTime(run.lastSuccessAt) })}
        </p>
      ) : null}
    </>
  );
};

interface SyncListProps {
  competitions: SyncCompetition[];
  /** The competition being synced now ('' = all), or null. */
  syncing: string | null;
  onSync: (competitionId: string) => void;
}

/** One card per competition: its feed, the last sync and a button to sync it now. */
export const SyncList = ({ competitions, syncing, onSync }: SyncListProps) => {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3" data-testid="sync-list">
      {competitions.map((c) => (
        <li
          key={`${c.source ?? ''}:${c.competitionId}`}
          data-testid="sync-competition"
          className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 md:flex-row md:items-start"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="font-semibold text-fg">{c.name}</p>
            <p className="text-xs font-medium uppercase tracking-wide text-fg-muted">
              {c.source ? `${t(`admin.sources.${c.source}`)} · ` : ''}
              {c.code} · {t('admin.sync.season', { season: c.season })}
            </p>
            {c.lastRun ? (
              <LastRun run={c.lastRun} />
            ) : (
              <p className="text-sm text-fg-muted">{t('admin.sync.never')}</p>
            )}
          </div>
          <Button
            variant="secondary"
            className="self-start md:shrink-0"
            disabled={syncing !== null}
            aria-label={t('admin.sync.syncOneLabel', { name: c.name })}
            onClick={() => onSync(c.competitionId)}
          >
            <RefreshCw
              aria-hidden="true"
              className={syncing === c.competitionId ? 'size-4 animate-spin' : 'size-4'}
            />
            {syncing === c.competitionId ? t('admin.sync.syncing') : t('admin.sync.syncOne')}
          </Button>
        </li>
      ))}
    </ul>
  );
};
