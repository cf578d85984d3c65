import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { AccountControls } from '../account/account-controls';
import { LanguageSwitcher } from '../ui/language-switcher';
import { cn } from '../ui/cn';
import { Logo } from '../ui/logo';
import { MobileMenu } from './mobile-menu';
import { MyLeaguesMenu } from './my-leagues';
import { adminLink, navLinks } from './nav-links';
import { useMe } from '../account/api';
import { useSaveLanguageOnAccount } from './use-save-language';

/** The sticky navy header: brand, links, account and language (spec §2.1). */
export const Header = () => {
  const { t } = useTranslation();
  const saveLanguage = useSaveLanguageOnAccount();
  const me = useMe();
  const links = me.data?.user?.role === 'admin' ? [...navLinks, adminLink] : navLinks;
  return (
    <header className="on-dark sticky top-0 z-30 bg-navy text-white shadow-lg shadow-navy/20">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg pr-2 text-xl font-extrabold tracking-tight"
          data-testid="brand-link"
        >
          <Logo className="size-8" />
          FirstGoal
        </Link>
        <div className="ml-auto hidden items-center gap-3 md:flex">
          <LanguageSwitcher tone="inverse" onChanged={saveLanguage} />
          <AccountControls placement="header" />
        </div>
        <div className="ml-auto md:hidden">
          <MobileMenu onLanguageChanged={saveLanguage} />
        </div>
      </div>
      <nav aria-label={t('nav.main')} className="hidden border-t border-white/10 md:block">
        <div className="mx-auto flex max-w-6xl items-center px-4 sm:px-6">
          <ul className="flex gap-1 overflow-x-auto">
            {links.map((link) => (
              <li key={link.id}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  data-testid={`nav-${link.id}`}
                  className={({ isActive }) =>
                    cn(
                      'relative inline-flex min-h-11 items-center whitespace-nowrap rounded-t-lg px-3 text-sm font-semibold',
                      isActive
                        ? 'text-white after:absolute after:inset-x-3 after:bottom-0 after:h-[3px] after:rounded-full after:bg-[#4ade80]'
                        : 'text-[#cbd5e1] hover:bg-white/10 hover:text-white',
                    )
                  }
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
          <MyLeaguesMenu />
        </div>
      </nav>
    </header>
  );
};
