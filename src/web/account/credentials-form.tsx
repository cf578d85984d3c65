import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import { currentLanguage } from '../i18n/i18n';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Notice } from '../ui/state';
import { useMe, useRefreshAfterSignIn } from './api';
import { authClient } from './auth-client';
import {
  loginErrorMessage,
  looksLikeEmail,
  minPasswordLength,
  signupErrorMessage,
  unexpectedErrorMessage,
} from './auth-messages';
import { GoogleButton } from './google-button';
import { EmailField } from './email-field';
import { TwoFactorStep } from './two-factor-step';

interface CredentialsFormProps {
  mode: 'login' | 'signup';
  onSwitchMode: (mode: 'login' | 'signup' | 'reset') => void;
  onSuccess: () => void;
}

/** E-mail + password sign-in or sign-up (spec §2.4). Remounted per mode, which clears it. */
export const CredentialsForm = ({ mode, onSwitchMode, onSuccess }: CredentialsFormProps) => {
  const { t } = useTranslation();
  const me = useMe();
  const refresh = useRefreshAfterSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState(false);
  const isSignup = mode === 'signup';

  const signedIn = async () => {
    await refresh();
    toast.success(t('auth.success.login'));
    onSuccess();
  };

  const validate = (): string | null => {
    if (email.trim() === '' || password === '') return t('auth.validation.required');
    if (!looksLikeEmail(email.trim())) return t('auth.validation.invalidEmail');
    if (isSignup && name.trim() === '') return t('auth.validation.nameRequired');
    if (isSignup && password.length < minPasswordLength) {
      return t('auth.validation.passwordTooShort', { min: minPasswordLength });
    }
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const invalid = validate();
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    try {
      if (isSignup) {
        const result = await authClient.signUp.email({
          email: email.trim(),
          password,
          name: name.trim(),
          locale: currentLanguage(),
        });
        if (result.error) {
          setError(signupErrorMessage(t, result.error));
          return;
        }
        if (!result.data.token || me.data?.auth.emailVerificationRequired) {
          setPassword('');
          setSuccess(t('auth.success.signupCheckEmail'));
          return;
        }
        await refresh();
        toast.success(t('auth.success.signup'));
        onSuccess();
        return;
      }
      const result = await authClient.signIn.email({ email: email.trim(), password });
      if (result.error) {
        setError(loginErrorMessage(t, result.error));
        return;
      }
      // Two-factor sign-in: no session yet, the code comes next.
      if ('twoFactorRedirect' in result.data && result.data.twoFactorRedirect) {
        setPassword('');
        setSecondStep(true);
        return;
      }
      await signedIn();
    } catch (unexpected) {
      setError(unexpectedErrorMessage(t, unexpected));
    } finally {
      setBusy(false);
    }
  };

  if (secondStep) return <TwoFactorStep onVerified={signedIn} />;

  return (
    <div className="flex flex-col gap-5">
      {me.data?.auth.google ? (
        <>
          <GoogleButton onError={setError} />
          <div className="flex items-center gap-3 text-sm text-fg-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            {t('auth.or')}
            <span className="h-px flex-1 bg-line" />
          </div>
        </>
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="auth-form">
        {isSignup ? (
          <Field label={t('auth.fields.displayName')}>
            <Input
              name="name"
              autoComplete="nickname"
              maxLength={50}
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              data-testid="auth-name"
            />
          </Field>
        ) : null}
        <EmailField value={email} onChange={setEmail} testId="auth-email" />
        <Field
          label={t('auth.fields.password')}
          hint={isSignup ? t('auth.passwordHint', { min: minPasswordLength }) : undefined}
        >
          <Input
            type="password"
            name="password"
            autoComplete={isSignup ? 'new-password' : 'current-password'}
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="auth-password"
          />
        </Field>
        <Notice tone="error" testId="auth-error">
          {error}
        </Notice>
        <Notice tone="success" testId="auth-success">
          {success}
        </Notice>
        <Button type="submit" size="lg" disabled={busy} data-testid="auth-submit">
          {busy ? t('auth.processing') : isSignup ? t('auth.signupAction') : t('auth.loginAction')}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-1 text-sm">
        {!isSignup ? (
          <button
            type="button"
            className="min-h-11 px-2 font-semibold text-brand-text underline-offset-4 hover:underline"
            onClick={() => onSwitchMode('reset')}
            data-testid="auth-forgot"
          >
            {t('auth.forgotPassword')}
          </button>
        ) : null}
        <button
          type="button"
          className="min-h-11 px-2 font-semibold text-brand-text underline-offset-4 hover:underline"
          onClick={() => onSwitchMode(isSignup ? 'login' : 'signup')}
          data-testid="auth-toggle"
        >
          {isSignup ? t('auth.toggleToLogin') : t('auth.toggleToSignup')}
        </button>
      </div>
    </div>
  );
};
