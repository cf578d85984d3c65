import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from './button';
import { Card } from './card';
import { PageContainer } from './page';

interface SignInPromptProps {
  title: string;
  text?: string;
  /** The way on: a sign-in button or a link home. */
  action: ReactNode;
  testId: string;
}

/** A page that needs an account, shown to a visitor: what to do and the button to do it. */
export const SignInPrompt = ({ title, text, action, testId }: SignInPromptProps) => (
  <PageContainer className="max-w-xl">
    <Card className="flex flex-col items-center gap-4 text-center" data-testid={testId}>
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-success-soft text-success-strong">
        <LogIn aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-xl font-bold text-fg">{title}</h1>
      {text ? <p className="text-fg-muted">{text}</p> : null}
      {action}
    </Card>
  </PageContainer>
);

interface SignInRequiredProps {
  /** The page's own title (tab and heading); default 'Please sign in'. */
  title?: string;
  /** The tab's title when it differs from the heading. */
  tabTitle?: string;
  /** Another way on beside Login (a link home). */
  extra?: ReactNode;
  testId?: string;
  loginTestId?: string;
}

/** In place of a page that needs a player: Login first, and its own tab title, not the last page's. */
export const SignInRequired = ({
  title,
  tabTitle,
  extra,
  testId = 'sign-in-required',
  loginTestId = 'sign-in-required-login',
}: SignInRequiredProps) => {
  const { t } = useTranslation();
  const authDialog = useAuthDialog();
  const heading = title ?? t('auth.status.pleaseSignIn');
  useDocumentTitle(tabTitle ?? heading);
  const login = (
    <Button size="lg" onClick={() => authDialog.open('login')} data-testid={loginTestId}>
      {t('nav.login')}
    </Button>
  );
  return (
    <SignInPrompt
      testId={testId}
      title={heading}
      text={t('auth.status.pleaseSignInText')}
      action={
        extra ? (
          <div className="flex flex-wrap justify-center gap-3">
            {login}
            {extra}
          </div>
        ) : (
          login
        )
      }
    />
  );
};
