import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import { Button } from '../ui/button';
import { Notice } from '../ui/state';
import { authClient } from './auth-client';
import { looksLikeEmail } from './auth-messages';
import { EmailField } from './email-field';

/** "Forgot Password?": asks for a reset mail. The answer is the same whether the address exists. */
export const ResetRequestForm = ({ onBack }: { onBack: () => void }) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSent(false);
    const value = email.trim();
    if (value === '') {
      setError(t('auth.validation.emailRequired'));
      return;
    }
    if (!looksLikeEmail(value)) {
      setError(t('auth.validation.invalidEmail'));
      return;
    }
    setBusy(true);
    try {
      const result = await authClient.requestPasswordReset({
        email: value,
        redirectTo: '/reset-password',
      });
      if (result.error) {
        setError(
          result.error.status === 429
            ? t('errors.RATE_LIMITED')
            : result.error.message || t('auth.errors.resetFailed'),
        );
        return;
      }
      setSent(true);
      toast.success(t('auth.success.resetSent'));
    } catch {
      setError(t('auth.errors.resetFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      data-testid="reset-request-form"
    >
      <EmailField value={email} onChange={setEmail} testId="auth-reset-email" />
      <Notice tone="error" testId="auth-error">
        {error}
      </Notice>
      {sent ? (
        <Notice tone="success" testId="auth-success">
          {t('auth.reset.sentHint')}
        </Notice>
      ) : null}
      <Button type="submit" size="lg" disabled={busy} data-testid="auth-reset-submit">
        {busy ? t('auth.sending') : t('auth.sendResetEmail')}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="mx-auto min-h-11 px-2 text-sm font-semibold text-brand-text underline-offset-4 hover:underline"
        data-testid="auth-back-to-login"
      >
        {t('auth.backToLogin')}
      </button>
    </form>
  );
};
