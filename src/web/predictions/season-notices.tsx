import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarCheck, CalendarClock, Settings } from 'lucide-react';
import { buttonClasses } from '../ui/button';

/** Site admins keep fixtures current: they get the way to the import and sync screens. */
const AdminLink = () => {
  const { t } = useTranslation();
  return (
    <Link
      to="/admin"
      data-testid="admin-fixtures-link"
      className={buttonClasses('secondary', 'md', 'self-start')}
    >
      <Settings aria-hidden="true" className="size-4" />
      {t('fixtures.adminImport')}
    </Link>
  );
};

interface NoticeProps {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  isAdmin: boolean;
  className: string;
}

const SeasonNotice = ({ testId, icon, title, text, isAdmin, className }: NoticeProps) => (
  <div
    data-testid={testId}
    className={`flex items-start gap-4 rounded-2xl bg-surface ${className}`}
  >
    {icon}
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 className="font-bold text-fg">{title}</h2>
        <p className="text-fg-muted">{text}</p>
      </div>
      {isAdmin ? <AdminLink /> : null}
    </div>
  </div>
);

const iconClasses = 'mt-0.5 size-6 shrink-0 text-brand-text';

/** The competition has no fixtures at all yet. */
export const FixturesTba = ({ isAdmin }: { isAdmin: boolean }) => {
  const { t } = useTranslation();
  return (
    <SeasonNotice
      testId="fixtures-tba"
      icon={<CalendarClock aria-hidden="true" className={iconClasses} />}
      title={t('fixtures.tbaTitle')}
      text={t('fixtures.tbaText')}
      isAdmin={isAdmin}
      className="border border-dashed border-line p-6"
    />
  );
};

/**
 * The current season has nothing left to predict (every fixture has kicked off, or what is left
 * is postponed): new fixtures arrive with the next sync; past rounds stay browsable.
 */
export const NoOpenFixtures = ({ isAdmin }: { isAdmin: boolean }) => {
  const { t } = useTranslation();
  return (
    <SeasonNotice
      testId="no-open-fixtures"
      icon={<CalendarCheck aria-hidden="true" className={iconClasses} />}
      title={t('fixtures.noOpenTitle')}
      text={t('fixtures.noOpenText')}
      isAdmin={isAdmin}
      className="border border-line p-5 shadow-sm"
    />
  );
};
