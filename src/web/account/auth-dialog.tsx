import { useTranslation } from 'react-i18next';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { Dialog } from '../ui/dialog';
import { CredentialsForm } from './credentials-form';
import { ResetRequestForm } from './reset-request-form';

/** The one sign-in dialog (spec §2.4): login, sign-up and password-reset modes. */
export const AuthDialog = () => {
  const { t } = useTranslation();
  const { isOpen, mode, close, setMode } = useAuthDialog();
  const copy = {
    login: { title: t('auth.login.title'), subtitle: t('auth.login.subtitle') },
    signup: { title: t('auth.signup.title'), subtitle: t('auth.signup.subtitle') },
    reset: { title: t('auth.reset.title'), subtitle: t('auth.reset.subtitle') },
  }[mode];
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => (open ? undefined : close())}
      title={copy.title}
      description={copy.subtitle}
      closeLabel={t('common.close')}
      testId="auth-dialog"
    >
      {mode === 'reset' ? (
        <ResetRequestForm onBack={() => setMode('login')} />
      ) : (
        <CredentialsForm key={mode} mode={mode} onSwitchMode={setMode} onSuccess={close} />
      )}
    </Dialog>
  );
};
