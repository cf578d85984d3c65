import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { dateFormat } from '../lib/intl-cache';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { client, Section, settled } from './account-section';

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

export const SessionsSection = () => {
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
