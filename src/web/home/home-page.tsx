import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, Lock, Sparkles, Target, Trophy } from 'lucide-react';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { CreateJoinButtons } from '../ui/create-join-buttons';
import { PageContainer } from '../ui/page';

const rules = [
  { key: 'outcome', icon: Target },
  { key: 'minute', icon: Clock },
  { key: 'jokers', icon: Sparkles },
  { key: 'lock', icon: Lock },
] as const;

interface HomePageProps {
  signedIn: boolean;
  /** The league panel (signed in) or quick join (signed out), composed by the app shell. */
  children?: ReactNode;
}

/** The landing page: hero with the three ways in, the player's panel, the rules (spec §2.3). */
export const HomePage = ({ signedIn, children }: HomePageProps) => {
  const { t } = useTranslation();
  const authDialog = useAuthDialog();
  useDocumentTitle(t('home.hero.eyebrow'));

  return (
    <>
      {signedIn ? (
        // Signed in, the player's hub comes first: no marketing hero above it.
        <h1 className="sr-only">{t('home.hero.eyebrow')}</h1>
      ) : (
        <section className="pitch-hero on-dark text-white" aria-labelledby="hero-title">
          <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:px-6 sm:py-20">
            <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
              <Trophy aria-hidden="true" className="size-4" />
              {t('home.hero.eyebrow')}
            </p>
            <h1
              id="hero-title"
              className="max-w-2xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl"
            >
              {t('home.hero.title')}
            </h1>
            <p className="max-w-xl text-lg text-[#e7f5ec]">{t('home.hero.subtitle')}</p>
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button
                variant="inverse"
                size="lg"
                onClick={() => authDialog.open('signup')}
                data-testid="hero-get-started"
              >
                {t('home.hero.getStarted')}
              </Button>
              <CreateJoinButtons testIdPrefix="hero" look="hero" size="lg" />
            </div>
          </div>
        </section>
      )}
      <PageContainer className="flex flex-col gap-10">
        {children ? <div data-testid="home-panel">{children}</div> : null}
        <section
          aria-labelledby="rules-title"
          className="flex flex-col gap-4"
          data-testid="home-rules"
        >
          <div className="flex flex-col gap-1">
            <h2 id="rules-title" className="text-2xl font-extrabold tracking-tight text-fg">
              {t('home.rules.title')}
            </h2>
            <p className="text-fg-muted">{t('home.rules.subtitle')}</p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {rules.map(({ key, icon: Icon }) => (
              <li key={key}>
                <Card className="flex h-full gap-4">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-success-soft text-success-strong">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div className="flex flex-col gap-1">
                    <h3 className="font-bold text-fg">{t(`home.rules.${key}.title`)}</h3>
                    <p className="text-sm text-fg-muted">{t(`home.rules.${key}.text`)}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </PageContainer>
    </>
  );
};
