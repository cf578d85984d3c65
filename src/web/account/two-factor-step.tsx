import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Notice } from '../ui/state';
import { authClient } from './auth-client';

/**
 * The second step of signing in to an account with two-factor sign-in: the 6-digit code of the
 * authenticator app, or one of the backup codes. `onVerified` runs once the session exists.
 */
export const TwoFactorStep = ({ onVerified }: { onVerified: () => Promise<void> }) => {
  const { t } = useTranslation();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const value = code.replace(/\s+/g, '');
    if (value === '') {
      setError(t('auth.twoFactor.required'));
      return;
    }
    setBusy(true);
    try {
      const result = backup
        ? await authClient.twoFactor.verifyBackupCode({ code: value })
        : await authClient.twoFactor.verifyTotp({ code: value });
      if (result.error) {
        // Over the limit of wrong codes (TOO_MANY_TWO_FACTOR_CODES) is not one more wrong code.
        const { status, code: reason } = result.error;
        setError(
          status === 429
            ? t(`errors.${reason ?? 'RATE_LIMITED'}`, { defaultValue: t('errors.RATE_LIMITED') })
            : t(backup ? 'auth.twoFactor.wrongBackup' : 'auth.twoFactor.wrong'),
        );
        return;
      }
      await onVerified();
    } catch {
      setError(t('auth.twoFactor.wrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="auth-2fa">
      <p className="text-sm text-fg-muted">
        {t(backup ? 'auth.twoFactor.backupIntro' : 'auth.twoFactor.intro')}
      </p>
      <Field label={t(backup ? 'auth.twoFactor.backupCode' : 'auth.twoFactor.code')}>
        <Input
          value={code}
          autoFocus
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          maxLength={backup ? 24 : 6}
          onChange={(e) => setCode(e.target.value)}
          data-testid="auth-2fa-code"
        />
      </Field>
      <Notice tone="error" testId="auth-2fa-error">
        {error}
      </Notice>
      <Button type="submit" size="lg" disabled={busy} data-testid="auth-2fa-submit">
        {busy ? t('auth.processing') : t('auth.twoFactor.verify')}
      </Button>
      <button
        type="button"
        className="min-h-11 px-2 text-sm font-semibold text-brand-text underline-offset-4 hover:underline"
        onClick={() => {
          setBackup(!backup);
          setCode('');
          setError(null);
        }}
        data-testid="auth-2fa-toggle"
      >
        {t(backup ? 'auth.twoFactor.useApp' : 'auth.twoFactor.useBackup')}
      </button>
    </form>
  );
};
