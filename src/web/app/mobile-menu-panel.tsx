import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AccountControls } from '../account/account-controls';
import type { Language } from '../../domain/i18n';
import { LanguageSwitcher } from '../ui/language-switcher';
import { cn } from '../ui/cn';
import { Dialog } from '../ui/dialog';
import { MyLeaguesLinks } from './my-leagues';
import { adminLink, navLinks } from './nav-links';
import { useMe } from '../account/api';

/** The mobile menu's side panel (its own chunk: fetched the first time the menu opens). */
export const MobileMenuPanel = ({
  open,
  setOpen,
  onLanguageChanged,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  onLanguageChanged: (language: Language) => void;
}) => {
  const { t } = useTranslation();
  const close = () => setOpen(false);
  const me = useMe();
  const links = me.data?.user?.role === 'admin' ? [...navLinks, adminLink] : navLinks;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('nav.menu')}
      closeLabel={t('nav.closeMenu')}
      variant="sheet"
      testId="mobile-menu"
    >
      <div className="flex flex-col gap-6">
        <nav aria-label={t('nav.main')}>
          <ul className="flex flex-col gap-1">
            {links.map((link, i) => (
              <li key={link.id}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={close}
                  // The menu opens at its top, on its first link (not on the language select).
                  {...(i === 0 ? { 'data-autofocus': true } : {})}
                  data-testid={`mobile-nav-${link.id}`}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-12 items-center rounded-lg px-3 text-base font-semibold',
                      isActive
                        ? 'bg-success-soft text-success-strong'
                        : 'text-fg hover:bg-surface-muted',
                    )
                  }
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <MyLeaguesLinks onNavigate={close} />
        <div className="border-t border-line pt-5">
          <AccountControls placement="menu" onAction={close} />
        </div>
        <LanguageSwitcher
          onChanged={onLanguageChanged}
          className="[&>div]:flex-1"
          testId="mobile-language-switcher"
        />
      </div>
    </Dialog>
  );
};
