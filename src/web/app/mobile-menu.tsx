import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import type { Language } from '../../domain/i18n';
import { lazyNamed } from '../lib/lazy-named';

const MobileMenuPanel = lazyNamed(() => import('./mobile-menu-panel'), 'MobileMenuPanel');

/** Below 768 px: one button opens a side panel with the same links, account and language. */
export const MobileMenu = ({
  onLanguageChanged,
}: {
  onLanguageChanged: (language: Language) => void;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the panel animates its closing.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="mobile-menu-button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <Suspense fallback={null}>
        {opened ? (
          <MobileMenuPanel open={open} setOpen={setOpen} onLanguageChanged={onLanguageChanged} />
        ) : null}
      </Suspense>
    </>
  );
};
