import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { useMe, type MeUser } from '../account/api';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { PageContainer } from '../ui/page';
import { Skeleton } from '../ui/skeleton';
import { ErrorState } from '../ui/state';

/** A page for signed-in people only: waits for the session, else asks to sign in. */
export const RequireUser = ({ children }: { children: (user: MeUser) => ReactNode }) => {
  const { t } = useTranslation();
  const me = useMe();
  const authDialog = useAuthDialog();

  if (me.isPending) {
    return (
      <PageContainer className="max-w-xl">
        <div
          role="status"
          aria-live="polite"
          className="flex flex-col gap-3"
          data-testid="auth-checking"
        >
          <p className="text-fg-muted">{t('auth.status.checking')}</p>
          <Skeleton className="h-28" />
        </div>
      </PageContainer>
    );
  }
  if (me.isError) {
    return (
      <PageContainer className="max-w-xl">
        <ErrorState
          title={t('auth.status.error')}
          retryLabel={t('common.retry')}
          onRetry={() => void me.refetch()}
        />
      </PageContainer>
    );
  }
  if (!me.data.user) {
    return (
      <PageContainer className="max-w-xl">
        <Card
          className="flex flex-col items-center gap-4 text-center"
          data-testid="sign-in-required"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-success-soft text-success-strong">
            <LogIn aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-bold text-fg">{t('auth.status.pleaseSignIn')}</h1>
          <p className="text-fg-muted">{t('auth.status.pleaseSignInText')}</p>
          <Button
            size="lg"
            onClick={() => authDialog.open('login')}
            data-testid="sign-in-required-login"
          >
            {t('nav.login')}
          </Button>
        </Card>
      </PageContainer>
    );
  }
  return <>{children(me.data.user)}</>;
};
