import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../ui/button';

/** Last resort when the frame itself fails: a plain page with a way home. */
export const RootError = () => {
  const { t } = useTranslation();
  return (
    <main
      id="main-content"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-extrabold text-fg">{t('errors.pageCrashed')}</h1>
      <p className="text-fg-muted">{t('errors.pageCrashedText')}</p>
      {/* A full reload: the router itself may be what failed. */}
      <a href="/" className={buttonClasses('primary', 'lg')}>
        {t('notFound.goHome')}
      </a>
    </main>
  );
};
