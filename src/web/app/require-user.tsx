import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, type MeUser } from '../account/api';
import { SignInRequired } from '../ui/sign-in-prompt';
import { PageContainer } from '../ui/page';
import { Skeleton } from '../ui/skeleton';
import { ErrorState } from '../ui/state';

/** A page for signed-in people only: waits for the session, else asks to sign in. */
export const RequireUser = ({ children }: { children: (user: MeUser) => ReactNode }) => {
  const { t } = useTranslation();
  const me = useMe();

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
  if (!me.data.user) return <SignInRequired />;
  return <>{children(me.data.user)}</>;
};
