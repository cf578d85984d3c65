import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';
import { Badge, type BadgeTone } from '../ui/badge';
import type { ImportCounts, ImportRow, ImportRowStatus } from './import-api';
import { useKickoffText } from './use-kickoff-text';

export const importTone: Record<ImportRowStatus, BadgeTone> = {
  new: 'success',
  changed: 'info',
  unchanged: 'neutral',
  rejected: 'danger',
};
const order: ImportRowStatus[] = ['new', 'changed', 'unchanged', 'rejected'];

export const ImportCountsLine = ({ counts }: { counts: ImportCounts }) => {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul
      className="flex flex-wrap gap-2"
      data-testid="import-counts"
      aria-label={t('admin.import.counts')}
    >
      {order.map((status) => (
        <li key={status}>
          <Badge tone={importTone[status]} className="px-3 py-1 text-sm">
            {t(`admin.import.status.${status}`)}: {format.number(counts[status] ?? 0)}
          </Badge>
        </li>
      ))}
    </ul>
  );
};

/** The rows an import would write, each with what it does (or why it is refused). */
export const ImportPreviewList = ({ rows, timeZone }: { rows: ImportRow[]; timeZone: string }) => {
  const { t, i18n } = useTranslation();
  const kickoff = useKickoffText();
  const field = (key: string) =>
    i18n.exists(`admin.audit.fields.${key}`) ? t(`admin.audit.fields.${key}`) : key;
  const header = 'text-xs font-semibold uppercase tracking-wide text-fg-muted';
  return (
    <div className="flex flex-col gap-2">
      <div
        aria-hidden="true"
        className={`hidden gap-3 px-4 md:grid md:grid-cols-[3rem_7rem_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.2fr)] ${header}`}
      >
        <span>{t('admin.import.columns.line')}</span>
        <span>{t('admin.import.columns.status')}</span>
        <span>{t('admin.import.columns.match')}</span>
        <span>{t('admin.import.columns.kickoff')}</span>
        <span>{t('admin.import.columns.details')}</span>
      </div>
      <ul className="flex flex-col gap-2" data-testid="import-rows">
        {rows.map((row) => (
          <li
            key={row.index}
            data-testid="import-row"
            data-status={row.status}
            className="grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1 rounded-xl border border-line bg-surface px-4 py-3 text-sm md:grid-cols-[3rem_7rem_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.2fr)] md:items-center"
          >
            <span className="font-mono text-fg-muted">
              <span className="sr-only">{t('admin.import.columns.line')} </span>
              {row.line ?? row.index + 1}
            </span>
            <span>
              <Badge tone={importTone[row.status]}>{t(`admin.import.status.${row.status}`)}</Badge>
            </span>
            <span className="col-span-2 min-w-0 md:col-span-1">
              <span className="font-semibold text-fg">
                {row.homeTeam || '—'} {t('admin.vs')} {row.awayTeam || '—'}
              </span>
              <span className="block text-fg-muted">
                {row.round}
                {row.fixtureId ? ` · ${row.fixtureId}` : ''}
              </span>
            </span>
            <span className="col-span-2 text-fg-muted md:col-span-1">
              {row.kickoffAt ? kickoff(row.kickoffAt, timeZone).local : '—'}
              {row.timeConfirmed === false ? (
                <span className="block text-xs">{t('admin.import.timeToBeConfirmed')}</span>
              ) : null}
              {row.fixtureStatus ? (
                <span className="block font-medium text-warn-strong">
                  {t(`admin.import.fixtureStatus.${row.fixtureStatus}`)}
                </span>
              ) : null}
              {row.result ? (
                <span className="block font-medium text-fg">
                  {row.result.homeScore}–{row.result.awayScore}
                  {row.result.firstGoalMinute !== null
                    ? ` · ${t('admin.import.firstGoalAt', { minute: row.result.firstGoalMinute })}`
                    : ''}
                </span>
              ) : null}
            </span>
            <span className="col-span-2 min-w-0 break-words md:col-span-1">
              {row.status === 'rejected' && row.reason ? (
                <span className="font-medium text-danger" data-testid="import-reason">
                  {row.reason}
                </span>
              ) : row.changes && row.changes.length > 0 ? (
                <span className="text-fg-muted">
                  {t('admin.import.changes', { fields: row.changes.map(field).join(', ') })}
                </span>
              ) : (
                <span className="text-fg-muted">{row.reason ?? ''}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
};
