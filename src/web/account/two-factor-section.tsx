import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { toast } from '../ui/toast';
import { client, Section, settled } from './account-section';
import { meQueryOptions } from './api';

/** The secret of an otpauth:// address, for typing into an authenticator app by hand. */
const secretOf = (uri: string) => {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
};

/**
 * Two-factor sign-in with an authenticator app (better-auth's twoFactor): turned on with the
 * password, then a QR code (or the key typed in) and one code from the app to confirm; backup
 * codes for a lost phone; turned off with the password.
 */
export const TwoFactorSection = ({ enabled }: { enabled: boolean }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const [setup, setSetup] = useState<{ uri: string; qr: string; backupCodes: string[] } | null>(
    null,
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = async (message: string) => {
    setPassword('');
    setCode('');
    setAsking(false);
    setSetup(null);
    await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    toast.success(message);
  };
  const start = useMutation({
    mutationFn: async () => {
      const result = await settled((await client()).twoFactor.enable({ password }));
      const { renderSVG } = await import('uqr');
      const totp = result && 'totpURI' in result ? result : null;
      const uri = totp?.totpURI ?? '';
      return {
        uri,
        qr: `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`,
        backupCodes: totp?.backupCodes ?? [],
      };
    },
    onSuccess: (result) => {
      setPassword('');
      setSetup(result);
    },
    onError: () => setError(t('myAccount.twoFactor.wrongPassword')),
  });
  const confirm = useMutation({
    mutationFn: async () =>
      settled((await client()).twoFactor.verifyTotp({ code: code.replace(/\s+/g, '') })),
    onSuccess: () => done(t('myAccount.twoFactor.on')),
    onError: () => setError(t('myAccount.twoFactor.wrongCode')),
  });
  const stop = useMutation({
    mutationFn: async () => settled((await client()).twoFactor.disable({ password })),
    onSuccess: () => done(t('myAccount.twoFactor.off')),
    onError: () => setError(t('myAccount.twoFactor.wrongPassword')),
  });
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password === '') return;
    if (enabled) stop.mutate();
    else start.mutate();
  };

  return (
    <Section icon={ShieldCheck} title={t('myAccount.twoFactor.title')} testId="account-2fa">
      <p className="text-sm text-fg-muted">
        {enabled ? t('myAccount.twoFactor.enabledText') : t('myAccount.twoFactor.text')}
      </p>
      {setup ? (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            confirm.mutate();
          }}
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <img
              src={setup.qr}
              alt={t('myAccount.twoFactor.qrAlt')}
              className="size-44 shrink-0 rounded-lg border border-line bg-white p-1"
              data-testid="account-2fa-qr"
            />
            <div className="flex min-w-0 flex-col gap-2 text-sm">
              <p className="text-fg">{t('myAccount.twoFactor.scan')}</p>
              <p className="text-fg-muted">{t('myAccount.twoFactor.key')}</p>
              <code
                className="break-all rounded bg-surface-muted px-2 py-1 font-mono text-fg"
                data-testid="account-2fa-secret"
              >
                {secretOf(setup.uri)}
              </code>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-fg">{t('myAccount.twoFactor.backupTitle')}</p>
            <p className="text-sm text-fg-muted">{t('myAccount.twoFactor.backupText')}</p>
            <ul
              className="grid grid-cols-2 gap-1 rounded-lg bg-surface-muted p-3 font-mono text-sm text-fg sm:grid-cols-5"
              data-testid="account-2fa-backup"
            >
              {setup.backupCodes.map((backup) => (
                <li key={backup}>{backup}</li>
              ))}
            </ul>
          </div>
          <Field label={t('myAccount.twoFactor.code')} error={error}>
            <Input
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              onChange={(e) => setCode(e.target.value)}
              data-testid="account-2fa-code"
            />
          </Field>
          <Button
            type="submit"
            className="self-start"
            disabled={confirm.isPending || code.trim() === ''}
            data-testid="account-2fa-confirm"
          >
            {t('myAccount.twoFactor.confirm')}
          </Button>
        </form>
      ) : asking ? (
        <form noValidate className="flex flex-col gap-3" onSubmit={submitPassword}>
          <Field label={t('myAccount.twoFactor.password')} error={error}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="account-2fa-password"
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant={enabled ? 'danger' : 'primary'}
              disabled={start.isPending || stop.isPending || password === ''}
              data-testid="account-2fa-continue"
            >
              {enabled ? t('myAccount.twoFactor.turnOff') : t('myAccount.twoFactor.continue')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('myAccount.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          variant={enabled ? 'secondary' : 'primary'}
          className="self-start"
          onClick={() => {
            setError(null);
            setAsking(true);
          }}
          data-testid="account-2fa-start"
        >
          {enabled ? t('myAccount.twoFactor.turnOff') : t('myAccount.twoFactor.turnOn')}
        </Button>
      )}
    </Section>
  );
};
