import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { KeyRound } from 'lucide-react';
import { toast } from '../ui/toast';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { PageContainer, PageHeader } from '../ui/page';
import { Notice } from '../ui/state';
import { authClient } from './auth-client';
import { minPasswordLength } from './auth-messages';

/** Where the reset mail's link lands: `/reset-password?token=…` or `?error=INVALID_TOKEN`. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const authDialog = useAuthDialog();
  const token = params.get('token');
  const [linkInvalid, setLinkInvalid] = useState(!token || params.has('error'));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password.length < minPasswordLength) {
      setError(t('auth.validation.passwordTooShort', { min: minPasswordLength }));
      return;
    }
    if (password !== confirm) {
      setError(t('resetPassword.mismatch'));
      return;
    }
    if (!token) return;
    setBusy(true);
    try {
      const result = await authClient.resetPassword({ newPassword: password, token });
      if (result.error) {
        if (result.error.code === 'INVALID_TOKEN') setLinkInvalid(true);
        else setError(result.error.message || t('resetPassword.failed'));
        return;
      }
      toast.success(t('resetPassword.success'));
      await navigate('/', { replace: true });
      authDialog.open('login');
    } catch {
      setError(t('resetPassword.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer className="max-w-lg">
      <PageHeader title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')} />
      <Card>
        {linkInvalid ? (
          <div className="flex flex-col gap-4" data-testid="reset-invalid">
            <Notice tone="error">{t('resetPassword.invalidLink')}</Notice>
            <Button onClick={() => authDialog.open('reset')} data-testid="reset-request-new">
              {t('resetPassword.requestNew')}
            </Button>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={submit}
            className="flex flex-col gap-4"
            data-testid="reset-password-form"
          >
            <Field
              label={t('resetPassword.newPassword')}
              hint={t('auth.passwordHint', { min: minPasswordLength })}
            >
              <Input
                type="password"
                autoComplete="new-password"
                required
                minLength={minPasswordLength}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                data-testid="reset-new-password"
              />
            </Field>
            <Field label={t('resetPassword.confirmPassword')}>
              <Input
                type="password"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
                data-testid="reset-confirm-password"
              />
            </Field>
            <Notice tone="error" testId="reset-error">
              {error}
            </Notice>
            <Button type="submit" size="lg" disabled={busy} data-testid="reset-submit">
              <KeyRound aria-hidden="true" className="size-4" />
              {busy ? t('auth.processing') : t('resetPassword.submit')}
            </Button>
          </form>
        )}
      </Card>
    </PageContainer>
  );
};
