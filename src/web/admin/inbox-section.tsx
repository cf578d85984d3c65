import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Inbox } from 'lucide-react';
import { Switch } from 'radix-ui';
import { ApiError } from '../lib/api-client';
import { useFormat } from '../lib/format';
import { SectionHeader } from '../ui/section-header';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { QueryView } from '../ui/query-view';
import { EmptyState } from '../ui/state';
import { AccessDenied } from './access-denied';
import { useInbox } from './api';
import { InboxList } from './inbox-list';

/** Messages sent through /contact, newest first; unhandled ones only unless asked otherwise. */
export const InboxSection = () => {
  const { t } = useTranslation();
  const inbox = useInbox();
  const [showHandled, setShowHandled] = useState(false);
  if (inbox.error instanceof ApiError && inbox.error.code === 'ADMIN_ONLY') return <AccessDenied />;
  const visible = (inbox.data ?? []).filter((message) => showHandled || !message.handled);

  return (
    <section
      aria-labelledby="inbox-heading"
      className="flex flex-col gap-4"
      data-testid="admin-inbox"
    >
      <SectionHeader
        id="inbox-heading"
        title={t('admin.inbox.title')}
        description={t('admin.inbox.description')}
        icon={Inbox}
        actions={
          <>
            <div className="flex flex-wrap items-center gap-4">
              <div className="flex min-h-11 items-center gap-3">
                <Switch.Root
                  id="inbox-show-handled"
                  checked={showHandled}
                  onCheckedChange={setShowHandled}
                  data-testid="inbox-show-handled"
                  className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-line bg-neutral-soft p-0.5 transition-colors data-[state=checked]:bg-primary before:absolute before:-inset-2 before:content-['']"
                >
                  <Switch.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
                </Switch.Root>
                <label htmlFor="inbox-show-handled" className="text-sm font-medium text-fg">
                  {t('admin.inbox.showHandled')}
                </label>
              </div>
              <Button
                variant="secondary"
                onClick={() => void inbox.refetch()}
                disabled={inbox.isFetching}
              >
                {inbox.isFetching && !inbox.isPending
                  ? t('common.refreshing')
                  : t('common.refresh')}
              </Button>
            </div>
          </>
        }
      />
      {inbox.isPending || inbox.isError ? (
        <QueryView query={inbox} errorTitle={t('admin.inbox.loadError')} />
      ) : inbox.data.length === 0 ? (
        <EmptyState title={t('admin.inbox.empty')}>
          <p className="text-sm text-fg-muted">{t('admin.inbox.emptyHint')}</p>
        </EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState title={t('admin.inbox.allHandled')}>
          <Button variant="secondary" onClick={() => setShowHandled(true)}>
            {t('admin.inbox.showHandled')}
          </Button>
        </EmptyState>
      ) : (
        <InboxList messages={visible} />
      )}
    </section>
  );
};

/** The number of unhandled messages, beside the tab's name (nothing when there are none). */
export const UnhandledBadge = () => {
  const { t } = useTranslation();
  const format = useFormat();
  const inbox = useInbox();
  const count = (inbox.data ?? []).filter((message) => !message.handled).length;
  if (count === 0) return null;
  return (
    <Badge tone="info" data-testid="inbox-unhandled-count">
      <span aria-hidden="true">{format.number(count)}</span>
      <span className="sr-only">{t('admin.inbox.unhandledCount', { count })}</span>
    </Badge>
  );
};
