import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, KeyRound, Trash2, UserRound } from 'lucide-react';
import { deleteConfirmWord } from '../../domain/account-rules';
import { api, unwrap } from '../lib/api-client';
import { Button, buttonClasses } from '../ui/button';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { PageContainer, PageHeader } from '../ui/page';
import { Notice } from '../ui/state';
import { toast } from '../ui/toast';
import { meQueryOptions, type MeUser } from './api';
import { client, Section, settled } from './account-section';
import type { AuthClientError } from './auth-client';
import { SessionsSection } from './sessions-section';
import { GuestUpgradeSection } from './guest-upgrade-section';
import { TwoFactorSection } from './two-factor-section';

/** /account: the player's own settings — name, password, devices, their data, deletion. */
export const AccountPage = ({ user }: { user: MeUser }) => {
  const { t } = useTranslation();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('myAccount.title')} subtitle={t('myAccount.subtitle')} />
      <div className="flex flex-col gap-6">
        {user.isAnonymous ? <GuestUpgradeSection /> : null}
        <ProfileSection user={user} />
        {user.isAnonymous ? null : (
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
    // A word mixing alphabets (decision 017) has its own sentence.
    onError: (failure: AuthClientError) =>
      setError(
        failure.code === 'NAME_MIXES_SCRIPTS'
          ? t('errors.NAME_MIXES_SCRIPTS')
          : t('myAccount.profile.invalid'),
      ),
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
