import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { lazyNamed } from '../lib/lazy-named';
import { Skeleton } from '../ui/skeleton';
import { Section } from './account-section';

// The sign-up form and its auth client load only for a guest who opens /account.
const CredentialsForm = lazyNamed(() => import('./credentials-form'), 'CredentialsForm');

/**
 * A guest keeps their teams by adding an e-mail and password (or signing in to an account they
 * already have): the guest's teams and predictions pass to the account (docs/design.md §4), and this
 * page turns into the account's own settings.
 */
export const GuestUpgradeSection = () => {
  const { t } = useTranslation();
  const authDialog = useAuthDialog();
  const [mode, setMode] = useState<'login' | 'signup'>('signup');
  return (
    <Section icon={UserPlus} title={t('myAccount.upgrade.title')} testId="account-upgrade">
      <p className="text-sm text-fg-muted">
        {mode === 'signup' ? t('myAccount.upgrade.text') : t('myAccount.upgrade.signInText')}
      </p>
      <div className="w-full max-w-md">
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <CredentialsForm
            key={mode}
            mode={mode}
            onSwitchMode={(next) => (next === 'reset' ? authDialog.open('reset') : setMode(next))}
            onSuccess={() => undefined}
          />
        </Suspense>
      </div>
    </Section>
  );
};
