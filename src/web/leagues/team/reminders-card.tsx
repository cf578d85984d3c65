import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { BellRing, UserPlus } from 'lucide-react';
import { ApiError } from '../../lib/api-client';
import { useAuthDialog } from '../../lib/auth-dialog-context';
import { useErrorMessage } from '../../ui/use-error-message';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { SettingSwitch } from '../../ui/setting-switch';
import { Skeleton } from '../../ui/skeleton';
import { QueryView } from '../../ui/query-view';
import { remindersQueryOptions, useSetReminders } from '../shared/api';

/** Opt in or out of the e-mail sent 24 hours before a round with missing predictions. */
export const RemindersCard = ({ isGuest }: { isGuest: boolean }) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="team-reminders" className="mt-8">
      <Card className="flex flex-col gap-4" data-testid="team-reminders">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-strong">
            <BellRing aria-hidden="true" className="size-5" />
          </span>
          <div className="flex flex-col gap-1">
            <h2 id="team-reminders" className="text-xl font-bold text-fg">
              {t('team.reminders.title')}
            </h2>
            <p id="team-reminders-explain" className="text-sm text-fg-muted">
              {t('team.reminders.explain')}
            </p>
          </div>
        </div>
        {isGuest ? <GuestNote /> : <ReminderSwitch />}
      </Card>
    </section>
  );
};

const GuestNote = () => {
  const { t } = useTranslation();
  const authDialog = useAuthDialog();
  return (
    <div
      className="flex flex-col gap-3 rounded-xl bg-surface-muted p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="team-reminders-guest"
    >
      <p className="text-sm text-fg">{t('team.reminders.guest')}</p>
      <Button variant="secondary" className="shrink-0" onClick={() => authDialog.open('signup')}>
        <UserPlus aria-hidden="true" className="size-4" />
        {t('team.reminders.signUp')}
      </Button>
    </div>
  );
};

const ReminderSwitch = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const setting = useQuery(remindersQueryOptions);
  const save = useSetReminders();

  if (setting.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-11 w-full" />
      </div>
    );
  }
  // A guest session that the page did not know about yet: the server only allows accounts.
  if (setting.error instanceof ApiError && setting.error.code === 'FORBIDDEN') return <GuestNote />;
  if (setting.isError) {
    return <QueryView query={setting} errorTitle={t('team.reminders.loadError')} />;
  }

  const checked = save.isPending ? save.variables : setting.data.enabled;
  const change = (enabled: boolean) =>
    save.mutate(enabled, {
      onSuccess: (result) =>
        toast.success(
          t(result.enabled ? 'team.reminders.switchedOn' : 'team.reminders.switchedOff'),
        ),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <SettingSwitch
      id="reminders-switch"
      label={t('team.reminders.label')}
      hint={t('team.reminders.unsubscribeHint')}
      checked={checked}
      disabled={save.isPending}
      onCheckedChange={change}
      describedBy="team-reminders-explain"
      testId="reminders-switch"
    />
  );
};
