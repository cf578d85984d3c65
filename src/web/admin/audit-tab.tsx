import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight, History, Search, X } from 'lucide-react';
import { ApiError } from '../lib/api-client';
import { useFormat } from '../lib/format';
import { SectionHeader } from '../ui/section-header';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { QueryView } from '../ui/query-view';
import { EmptyState } from '../ui/state';
import { AccessDenied } from './access-denied';
import type { AuditEntry } from './api';
import { useAudit } from './api';
import { auditDiff } from './audit-diff';

const pageSize = 25;
const maxLimit = 500;

/** Audit actions are 'fixture.update' and the like; locale keys cannot contain the dot. */
const actionKey = (action: string) => `admin.audit.actions.${action.replace(/\./g, '_')}`;

const AuditItem = ({ entry, onFilter }: { entry: AuditEntry; onFilter: (id: string) => void }) => {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const lines = auditDiff(entry.before, entry.after);
  const label = (key: string) =>
    i18n.exists(`admin.audit.fields.${key}`) ? t(`admin.audit.fields.${key}`) : key;
  const show = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—';
    if (
      key === 'status' &&
      typeof value === 'string' &&
      i18n.exists(`admin.fixtureStatus.${value}`)
    )
      return t(`admin.fixtureStatus.${value}`);
    if (key === 'kickoffAt' && typeof value === 'string') return format.dateTime(value);
    if (typeof value === 'number') return format.number(value);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  return (
    <li
      data-testid="audit-entry"
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone="info">
          {i18n.exists(actionKey(entry.action)) ? t(actionKey(entry.action)) : entry.action}
        </Badge>
        <button
          type="button"
          onClick={() => onFilter(entry.entityId)}
          className="min-h-11 rounded px-1 font-mono text-sm font-semibold text-brand-text underline-offset-2 hover:underline"
          aria-label={t('admin.audit.filterBy', { id: entry.entityId })}
        >
          {entry.entityId}
        </button>
      </div>
      <p className="text-sm text-fg-muted">
        {t('admin.audit.by', { actor: entry.actor })} ·{' '}
        <time dateTime={entry.createdAt}>{format.dateTime(entry.createdAt)}</time>
      </p>
      {lines.length > 0 ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {lines.map((line) => (
            <div key={line.key} className="contents">
              <dt className="font-medium text-fg">{label(line.key)}</dt>
              <dd className="mb-1 flex flex-wrap items-center gap-1.5 text-fg-muted sm:mb-0">
                <span className="break-all">{show(line.key, line.before)}</span>
                <ArrowRight aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">{t('admin.audit.to')}</span>
                <span className="break-all font-semibold text-fg">
                  {show(line.key, line.after)}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-fg-muted">{t('admin.audit.noChanges')}</p>
      )}
    </li>
  );
};

/** Who changed which result or fixture, when, before → after; newest first. */
export const AuditTab = () => {
  const { t } = useTranslation();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [entityId, setEntityId] = useState('');
  const [limit, setLimit] = useState(pageSize);
  const audit = useAudit(entityId, limit);
  const filter = (id: string) => {
    setTyped(id);
    setEntityId(id.trim());
    setLimit(pageSize);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    filter(typed);
  };
  if (audit.error instanceof ApiError && audit.error.code === 'ADMIN_ONLY') return <AccessDenied />;
  const entries = audit.data ?? [];
  const hasMore = entries.length >= limit && limit < maxLimit;

  return (
    <section
      aria-labelledby="audit-heading"
      className="flex flex-col gap-5"
      data-testid="admin-audit"
    >
      <SectionHeader
        id="audit-heading"
        title={t('admin.audit.title')}
        description={t('admin.audit.description')}
        icon={History}
      />
      <form onSubmit={submit} className="flex flex-col gap-1.5" role="search">
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          {t('admin.audit.filterLabel')}
        </label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="premier_league_1"
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 flex-1 sm:max-w-xs"
            data-testid="audit-filter"
          />
          <Button type="submit" variant="secondary" data-testid="audit-filter-submit">
            <Search aria-hidden="true" className="size-4" />
            {t('admin.audit.filter')}
          </Button>
          {entityId ? (
            <Button variant="ghost" onClick={() => filter('')} data-testid="audit-filter-clear">
              <X aria-hidden="true" className="size-4" />
              {t('admin.audit.clear')}
            </Button>
          ) : null}
        </div>
      </form>
      {audit.isPending || audit.isError ? (
        <QueryView query={audit} errorTitle={t('admin.audit.loadError')} rows={4} />
      ) : entries.length === 0 ? (
        <EmptyState title={t('admin.audit.empty')}>
          <p className="text-sm text-fg-muted">
            {entityId
              ? t('admin.audit.emptyFiltered', { id: entityId })
              : t('admin.audit.emptyHint')}
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="audit-list">
            {entries.map((entry) => (
              <AuditItem key={entry.id} entry={entry} onFilter={filter} />
            ))}
          </ul>
          {hasMore ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={audit.isFetching}
              onClick={() => setLimit((n) => Math.min(n + pageSize, maxLimit))}
              data-testid="audit-more"
            >
              {audit.isFetching ? t('common.loading') : t('admin.audit.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
};
