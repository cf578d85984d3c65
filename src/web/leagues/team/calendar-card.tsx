import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useErrorMessage } from '../../ui/use-error-message';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { QueryView } from '../../ui/query-view';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { calendarQueryOptions, useNewCalendarLink } from '../shared/api';
import { copyText } from '../shared/share';

/** The player's private calendar feed: made on request, added with one tap, renewable. */
export const CalendarCard = () => {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-4" data-testid="team-calendar">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-strong">
          <CalendarDays aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="team-calendar" className="text-xl font-bold text-fg">
            {t('team.calendar.title')}
          </h2>
          <p className="text-sm text-fg-muted">{t('team.calendar.explain')}</p>
        </div>
      </div>
      <CalendarLink />
    </Card>
  );
};

const CalendarLink = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const link = useQuery(calendarQueryOptions);
  const make = useNewCalendarLink();

  if (link.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-11 w-full" />
      </div>
    );
  }
  if (link.isError) return <QueryView query={link} errorTitle={t('team.calendar.loadError')} />;

  const url = link.data.url;
  const create = (renew: boolean) =>
    make.mutate(undefined, {
      onSuccess: () => {
        if (renew) toast.success(t('team.calendar.renewed'));
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  if (!url) {
    return (
      <Button
        className="self-start"
        onClick={() => create(false)}
        disabled={make.isPending}
        data-testid="calendar-create"
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
        {t('team.calendar.create')}
      </Button>
    );
  }
  const copy = async () => {
    if (await copyText(url)) toast.success(t('team.calendar.copied'));
    else toast.error(t('leagues.share.copyFailed'));
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <span id="calendar-link-label" className="text-sm font-medium text-fg">
          {t('team.calendar.linkLabel')}
        </span>
        <p
          aria-labelledby="calendar-link-label"
          data-testid="calendar-link"
          className="select-all break-all rounded-lg border border-line bg-surface-muted px-3 py-2.5 font-mono text-sm text-fg"
        >
          {url}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <a
          href={url.replace(/^https?:/, 'webcal:')}
          className={buttonClasses('primary', 'md')}
          data-testid="calendar-add"
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          {t('team.calendar.add')}
        </a>
        <Button variant="secondary" onClick={() => void copy()} data-testid="calendar-copy">
          <Copy aria-hidden="true" className="size-4" />
          {t('team.calendar.copy')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => create(true)}
          disabled={make.isPending}
          data-testid="calendar-renew"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('team.calendar.renew')}
        </Button>
      </div>
      <p className="text-sm text-fg-muted">{t('team.calendar.help')}</p>
      <p className="text-sm text-fg-muted">{t('team.calendar.private')}</p>
    </div>
  );
};
