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

/** The competition has no fixtures at all yet. */
export const FixturesTba = ({ isAdmin }: { isAdmin: boolean }) => {
  const { t } = useTranslation();
  return (
    <div
      data-testid="fixtures-tba"
      className="flex items-start gap-4 rounded-2xl border border-dashed border-line bg-surface p-6"
    >
      <CalendarClock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-text" />
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 className="font-bold text-fg">{t('fixtures.tbaTitle')}</h2>
          <p className="text-fg-muted">{t('fixtures.tbaText')}</p>
        </div>
        {isAdmin ? <AdminLink /> : null}
      </div>
    </div>
  );
};

/**
 * The current season has nothing left to predict (every fixture has kicked off, or what is left
 * is postponed): new fixtures arrive with the next sync; past rounds stay browsable.
 */
export const NoOpenFixtures = ({ isAdmin }: { isAdmin: boolean }) => {
  const { t } = useTranslation();
  return (
    <div
      data-testid="no-open-fixtures"
      className="flex items-start gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <CalendarCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-text" />
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 className="font-bold text-fg">{t('fixtures.noOpenTitle')}</h2>
          <p className="text-fg-muted">{t('fixtures.noOpenText')}</p>
        </div>
        {isAdmin ? <AdminLink /> : null}
      </div>
    </div>
  );
};
