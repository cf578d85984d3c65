import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { PushBlockedError } from '../../lib/push';
import { Card } from '../../ui/card';
import { QueryView } from '../../ui/query-view';
import { SettingSwitch } from '../../ui/setting-switch';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import {
  goalAlertsQueryOptions,
  pushDeviceQueryOptions,
  pushQueryOptions,
  useSetGoalAlerts,
  useSetPush,
} from '../shared/api';
import { feedNotifyQueryOptions, useSetFeedNotify } from '../feed/feed-api';

/**
 * Push reminders on this device (guests too): 24 hours and 1 hour before a round with missing
 * picks. The switch shows this browser's own subscription; the hint how many devices get them.
 */
export const PushCard = () => {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-4" data-testid="team-push">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-strong">
          <Smartphone aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="team-push" className="text-xl font-bold text-fg">
            {t('team.push.title')}
          </h2>
          <p id="team-push-explain" className="text-sm text-fg-muted">
            {t('team.push.explain')}
          </p>
        </div>
      </div>
      <PushSwitch />
      <GoalAlerts />
      <FeedAlerts />
    </Card>
  );
};

interface SwitchesOf {
  /** Locale keys under team.<area>: title, explain, on, off, switchedOn, switchedOff, failed, loadError. */
  area: 'goalAlerts' | 'feedAlerts';
  settings: { leagueId: string; leagueName: string; enabled: boolean }[] | undefined;
  pending: boolean;
  error: { isError: boolean; query: Parameters<typeof QueryView>[0]['query'] };
  save: LeagueSwitchSave;
}

interface LeagueSwitchSave {
  isPending: boolean;
  variables: { leagueId: string; enabled: boolean } | undefined;
  mutate: (
    v: { leagueId: string; enabled: boolean },
    o: { onSuccess: () => void; onError: () => void },
  ) => void;
}

/** One switch per league of the player's, with what it does above them. */
const LeagueSwitches = ({ area, settings, pending, error, save }: SwitchesOf) => {
  const { t } = useTranslation();
  if (pending) return <Skeleton className="h-20 w-full" />;
  if (error.isError)
    return <QueryView query={error.query} errorTitle={t(`team.${area}.loadError`)} />;
  const leagues = settings ?? [];
  if (leagues.length === 0) return null;
  const testId = area === 'goalAlerts' ? 'goal-alerts' : 'feed-alerts';
  return (
    <section
      aria-labelledby={`${testId}-title`}
      className="flex flex-col gap-2"
      data-testid={testId}
    >
      <h3 id={`${testId}-title`} className="font-semibold text-fg">
        {t(`team.${area}.title`)}
      </h3>
      <p id={`${testId}-explain`} className="text-sm text-fg-muted">
        {t(`team.${area}.explain`)}
      </p>
      {leagues.map((league) => {
        const busy = save.isPending && save.variables?.leagueId === league.leagueId;
        const enabled = busy ? (save.variables?.enabled ?? league.enabled) : league.enabled;
        return (
          <SettingSwitch
            key={league.leagueId}
            id={`${testId}-${league.leagueId}`}
            label={league.leagueName}
            hint={t(enabled ? `team.${area}.on` : `team.${area}.off`)}
            checked={enabled}
            disabled={busy}
            describedBy={`${testId}-explain`}
            testId={`${testId}-switch`}
            onCheckedChange={(on) =>
              save.mutate(
                { leagueId: league.leagueId, enabled: on },
                {
                  onSuccess: () =>
                    toast.success(
                      t(on ? `team.${area}.switchedOn` : `team.${area}.switchedOff`, {
                        league: league.leagueName,
                      }),
                    ),
                  onError: () => toast.error(t(`team.${area}.failed`)),
                },
              )
            }
          />
        );
      })}
    </section>
  );
};

/**
 * Goal alerts per league (issue 29): on by default; they reach the devices above when a match
 * a team of the player's predicted gets its first goal, and at full time.
 */
const GoalAlerts = () => {
  const settings = useQuery(goalAlertsQueryOptions);
  const save = useSetGoalAlerts();
  return (
    <LeagueSwitches
      area="goalAlerts"
      settings={settings.data?.leagues}
      pending={settings.isPending}
      error={{ isError: settings.isError, query: settings }}
      save={save}
    />
  );
};

/**
 * Replies and mentions per league (issue 32): off until the player asks; muting a league's feed
 * is switching it off here.
 */
const FeedAlerts = () => {
  const settings = useQuery(feedNotifyQueryOptions);
  const save = useSetFeedNotify();
  return (
    <LeagueSwitches
      area="feedAlerts"
      settings={settings.data?.leagues}
      pending={settings.isPending}
      error={{ isError: settings.isError, query: settings }}
      save={save}
    />
  );
};

const PushSwitch = () => {
  const { t } = useTranslation();
  const server = useQuery(pushQueryOptions);
  const device = useQuery(pushDeviceQueryOptions);
  const save = useSetPush(server.data?.publicKey ?? '');

  if (server.isPending || device.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-11 w-full" />
      </div>
    );
  }
  if (server.isError) return <QueryView query={server} errorTitle={t('team.push.loadError')} />;
  const state = device.data ?? 'unsupported';
  if (state === 'unsupported') {
    return (
      <p className="rounded-xl bg-surface-muted p-4 text-sm text-fg" data-testid="push-unsupported">
        {t('team.push.unsupported')}
      </p>
    );
  }

  const change = (on: boolean) =>
    save.mutate(on, {
      onSuccess: () => toast.success(t(on ? 'team.push.switchedOn' : 'team.push.switchedOff')),
      onError: (error) =>
        toast.error(
          t(error instanceof PushBlockedError ? 'team.push.blocked' : 'team.push.failed'),
        ),
      onSettled: () => void device.refetch(),
    });
  const devices = server.data.devices;
  return (
    <SettingSwitch
      id="push-switch"
      label={t('team.push.label')}
      hint={
        state === 'blocked'
          ? t('team.push.blocked')
          : devices > 0
            ? t('team.push.devices', { count: devices })
            : t('team.push.noDevices')
      }
      checked={save.isPending ? Boolean(save.variables) : state === 'on'}
      disabled={save.isPending || state === 'blocked'}
      onCheckedChange={change}
      describedBy="team-push-explain"
      testId="push-switch"
    />
  );
};
