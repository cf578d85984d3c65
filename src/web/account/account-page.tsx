import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Download,
  KeyRound,
  MonitorSmartphone,
  ShieldCheck,
  Trash2,
  UserRound,
} from 'lucide-react';
import { deleteConfirmWord } from '../../domain/account-rules';
import { api, unwrap } from '../lib/api-client';
import { dateFormat } from '../lib/intl-cache';
import { Button, buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { PageContainer, PageHeader } from '../ui/page';
import { Notice } from '../ui/state';
import { toast } from '../ui/toast';
import { meQueryOptions, type MeUser } from './api';
import type { AuthClientError } from './auth-client';

/** better-auth's client, fetched with this page (it is not in the first download). */
const client = async () => (await import('./auth-client')).authClient;

/** Throws the client's error so react-query sees a failure. */
const settled = async <T,>(result: Promise<{ data: T | null; error: AuthClientError | null }>) => {
  const { data, error } = await result;
  if (error) throw error;
  return data;
};

const Section = ({
  icon: Icon,
  title,
  children,
  testId,
  tone,
}: {
  icon: typeof UserRound;
  title: string;
  children: React.ReactNode;
  testId: string;
  tone?: 'danger';
}) => (
  <Card className="flex flex-col gap-4" data-testid={testId}>
    <h2 className="flex items-center gap-2 text-lg font-bold text-fg">
      <Icon
        aria-hidden="true"
        className={tone === 'danger' ? 'size-5 text-danger' : 'size-5 text-brand-text'}
      />
      {title}
    </h2>
    {children}
  </Card>
);

/** /account: the player's own settings — name, password, devices, their data, deletion. */
export const AccountPage = ({ user }: { user: MeUser }) => {
  const { t } = useTranslation();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('myAccount.title')} subtitle={t('myAccount.subtitle')} />
      <div className="flex flex-col gap-6">
        <ProfileSection user={user} />
        {user.isAnonymous ? (
          <Notice tone="info">
            {t('myAccount.guest')}{' '}
            <Link to="/team" className="font-semibold underline underline-offset-4">
              {t('myAccount.guestLink')}
            </Link>
          </Notice>
        ) : (
          <>
            <PasswordSection />
            <TwoFactorSection enabled={user.twoFactorEnabled} />
          </>
        )}
        <SessionsSection />
        <Section icon={Download} title={t('myAccount.data.title')} testId="account-data">
          <p className="text-sm text-fg-muted">{t('myAccount.data.text')}</p>
          <a
            href="/api/account/export"
            download="firstgoal-my-data.json"
            className={buttonClasses('secondary', 'md', 'self-start')}
            data-testid="account-export"
          >
            <Download aria-hidden="true" className="size-4" />
            {t('myAccount.data.download')}
          </a>
        </Section>
        <DeleteSection />
      </div>
    </PageContainer>
  );
};

const ProfileSection = ({ user }: { user: MeUser }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (next: string) => settled((await client()).updateUser({ name: next })),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      toast.success(t('myAccount.profile.saved'));
    },
    onError: () => setError(t('myAccount.profile.invalid')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 50) {
      setError(t('myAccount.profile.invalid'));
      return;
    }
    save.mutate(trimmed);
  };
  return (
    <Section icon={UserRound} title={t('myAccount.profile.title')} testId="account-profile">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field label={t('myAccount.profile.name')} hint={t('myAccount.profile.hint')} error={error}>
          <Input
            value={name}
            maxLength={50}
            autoComplete="nickname"
            onChange={(e) => setName(e.target.value)}
            data-testid="account-name"
          />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          className="self-start"
          disabled={save.isPending || name.trim() === user.name}
          data-testid="account-name-save"
        >
          {t('myAccount.profile.save')}
        </Button>
      </form>
      {user.isAnonymous ? null : <EmailChange current={user.email} />}
    </Section>
  );
};

/** A new address, confirmed by the link mailed to it (the account keeps the old one until then). */
const EmailChange = ({ current }: { current: string }) => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async (newEmail: string) =>
      settled((await client()).changeEmail({ newEmail, callbackURL: '/account' })),
    onSuccess: (_data, newEmail) => {
      setEmail('');
      setSentTo(newEmail);
    },
    onError: () => setError(t('myAccount.email.failed')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSentTo(null);
    const next = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(next)) {
      setError(t('myAccount.email.invalid'));
      return;
    }
    if (next.toLowerCase() === current.toLowerCase()) {
      setError(t('myAccount.email.same'));
      return;
    }
    change.mutate(next);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 border-t border-line pt-4">
      <p className="text-sm text-fg-muted">{t('myAccount.profile.email', { email: current })}</p>
      <Field label={t('myAccount.email.label')} hint={t('myAccount.email.hint')} error={error}>
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="account-email"
        />
      </Field>
      <Notice tone="success" testId="account-email-sent">
        {sentTo ? t('myAccount.email.sent', { email: sentTo }) : null}
      </Notice>
      <Button
        type="submit"
        variant="secondary"
        className="self-start"
        disabled={change.isPending || email.trim() === ''}
        data-testid="account-email-save"
      >
        {t('myAccount.email.save')}
      </Button>
    </form>
  );
};

const PasswordSection = () => {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async () =>
      settled(
        (await client()).changePassword({
          currentPassword: current,
          newPassword: next,
          revokeOtherSessions: true,
        }),
      ),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      toast.success(t('myAccount.password.changed'));
    },
    onError: (failure: AuthClientError) =>
      setError(
        failure.code === 'INVALID_PASSWORD'
          ? t('myAccount.password.wrong')
          : t('myAccount.password.failed'),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (next.length < 8) {
      setError(t('myAccount.password.tooShort'));
      return;
    }
    change.mutate();
  };
  return (
    <Section icon={KeyRound} title={t('myAccount.password.title')} testId="account-password">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field label={t('myAccount.password.current')}>
          <Input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            data-testid="account-current-password"
          />
        </Field>
        <Field
          label={t('myAccount.password.new')}
          hint={t('myAccount.password.hint')}
          error={error}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            data-testid="account-new-password"
          />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          className="self-start"
          disabled={change.isPending || current === '' || next === ''}
          data-testid="account-password-save"
        >
          {t('myAccount.password.save')}
        </Button>
      </form>
    </Section>
  );
};

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
const TwoFactorSection = ({ enabled }: { enabled: boolean }) => {
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

/** A browser and system in a few words, from a user agent. */
const deviceOf = (userAgent: string | null | undefined) => {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || null;
};

const SessionsSection = () => {
  const { t, i18n } = useTranslation();
  const sessions = useQuery({
    queryKey: ['account', 'sessions'],
    queryFn: async () => (await settled((await client()).listSessions())) ?? [],
  });
  const revoke = useMutation({
    mutationFn: async () => settled((await client()).revokeOtherSessions()),
    onSuccess: async () => {
      await sessions.refetch();
      toast.success(t('myAccount.sessions.revoked'));
    },
  });
  const list = sessions.data ?? [];
  const when = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Section
      icon={MonitorSmartphone}
      title={t('myAccount.sessions.title')}
      testId="account-sessions"
    >
      <p className="text-sm text-fg-muted">
        {t('myAccount.sessions.count', { count: list.length })}
      </p>
      <ul className="flex flex-col divide-y divide-line">
        {list.map((session) => (
          <li key={session.id} className="flex flex-col py-2 text-sm">
            <span className="font-medium text-fg">
              {deviceOf(session.userAgent) ?? t('myAccount.sessions.unknownDevice')}
            </span>
            <span className="text-fg-muted">
              {t('myAccount.sessions.since', { date: when.format(new Date(session.createdAt)) })}
            </span>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        className="self-start"
        disabled={revoke.isPending || list.length < 2}
        onClick={() => revoke.mutate()}
        data-testid="account-revoke-sessions"
      >
        {t('myAccount.sessions.revoke')}
      </Button>
    </Section>
  );
};

const DeleteSection = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => unwrap(api.account.$delete({ json: { confirm: deleteConfirmWord } })),
    onSuccess: async () => {
      queryClient.clear();
      toast.success(t('myAccount.delete.done'));
      await navigate('/');
      await queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
    onError: () => setError(t('myAccount.delete.failed')),
  });
  const close = () => {
    setOpen(false);
    setTyped('');
    setError(null);
  };
  return (
    <Section
      icon={Trash2}
      title={t('myAccount.delete.title')}
      testId="account-delete"
      tone="danger"
    >
      <p className="text-sm text-fg-muted">{t('myAccount.delete.text')}</p>
      <Button
        variant="danger"
        className="self-start"
        onClick={() => setOpen(true)}
        data-testid="account-delete-open"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('myAccount.delete.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={t('myAccount.delete.confirmTitle')}
        description={t('myAccount.delete.confirmText')}
        closeLabel={t('common.close')}
        testId="account-delete-dialog"
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() === deleteConfirmWord) remove.mutate();
          }}
          className="flex flex-col gap-4"
        >
          <Field label={t('myAccount.delete.type', { word: deleteConfirmWord })}>
            <Input
              value={typed}
              autoComplete="off"
              onChange={(e) => setTyped(e.target.value)}
              data-testid="account-delete-confirm"
            />
          </Field>
          <Notice tone="error">{error}</Notice>
          <DialogActions
            cancelLabel={t('myAccount.cancel')}
            onCancel={close}
            submitLabel={t('myAccount.delete.confirm')}
            busyLabel={t('myAccount.delete.deleting')}
            busy={remove.isPending}
            disabled={typed.trim() !== deleteConfirmWord}
            tone="danger"
            testId="account-delete"
          />
        </form>
      </Dialog>
    </Section>
  );
};
