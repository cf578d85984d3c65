import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import {
  ClipboardList,
  FileUp,
  Flag,
  History,
  Inbox,
  Mail,
  RefreshCw,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../ui/cn';
import { PageContainer, PageHeader } from '../ui/page';
import { AccessDenied } from './access-denied';
import { AuditTab } from './audit-tab';
import { FixturesTab } from './fixtures-tab';
import { ImportTab } from './import-tab';
import { InboxSection, UnhandledBadge } from './inbox-section';
import { OutboxSection } from './outbox-section';
import { ReportsSection } from './reports-section';
import { SyncSection } from './sync-section';

interface AdminTab {
  id: string;
  icon: LucideIcon;
  panel: () => ReactNode;
  /** Shown after the tab's name, e.g. a count of what waits there. */
  badge?: () => ReactNode;
  /** The name's locale key when not `admin.tabs.<id>`. */
  labelKey?: string;
}

/** One entry per tab; `?tab=<id>` deep-links to it. A new section (the inbox) is one more entry. */
const tabs: AdminTab[] = [
  { id: 'fixtures', icon: ClipboardList, panel: () => <FixturesTab /> },
  { id: 'import', icon: FileUp, panel: () => <ImportTab /> },
  { id: 'sync', icon: RefreshCw, panel: () => <SyncSection />, labelKey: 'admin.sync.tab' },
  { id: 'audit', icon: History, panel: () => <AuditTab /> },
  { id: 'outbox', icon: Mail, panel: () => <OutboxSection /> },
  { id: 'inbox', icon: Inbox, panel: () => <InboxSection />, badge: () => <UnhandledBadge /> },
  { id: 'reports', icon: Flag, panel: () => <ReportsSection /> },
];
const defaultTab = 'fixtures';

/** Site administration (spec §2.18). The server checks the role on every call too. */
export const AdminPage = ({ isAdmin }: { isAdmin: boolean }) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  if (!isAdmin) return <AccessDenied />;
  const requested = params.get('tab');
  const active = tabs.some((tab) => tab.id === requested) ? (requested as string) : defaultTab;
  const select = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', id);
        return next;
      },
      { replace: true },
    );

  return (
    <PageContainer>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Tabs.Root value={active} onValueChange={select} className="flex flex-col gap-5">
        <Tabs.List
          aria-label={t('admin.tabs.label')}
          className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-surface-muted p-1 sm:flex sm:rounded-none sm:border-0 sm:border-b sm:bg-transparent sm:p-0"
          data-testid="admin-tabs"
        >
          {tabs.map(({ id, icon: Icon, badge, labelKey }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              data-testid={`admin-tab-${id}`}
              className={cn(
                'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold text-fg-muted hover:text-fg',
                'data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm',
                'sm:-mb-px sm:shrink-0 sm:rounded-none sm:rounded-t-lg sm:border-b-2 sm:border-transparent',
                'sm:data-[state=active]:border-primary sm:data-[state=active]:bg-transparent sm:data-[state=active]:shadow-none',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(labelKey ?? `admin.tabs.${id}`)}
              {badge?.()}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ id, panel }) => (
          <Tabs.Content
            key={id}
            value={id}
            className="outline-none"
            data-testid={`admin-panel-${id}`}
          >
            {panel()}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PageContainer>
  );
};
