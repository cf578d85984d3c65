import { useTranslation } from 'react-i18next';
import { RotateCw } from 'lucide-react';
import { toast } from '../ui/toast';
import { useFormat } from '../lib/format';
import { useErrorMessage } from '../ui/use-error-message';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button } from '../ui/button';
import type { OutboxMail } from './api';
import { useRetryMail } from './api';

const statusTone: Record<OutboxMail['status'], BadgeTone> = {
  pending: 'info',
  sent: 'success',
  failed: 'danger',
  stored: 'neutral',
};

/** Mails as cards on phones and a compact grid on wider screens. */
export const OutboxList = ({ mails }: { mails: OutboxMail[] }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const retry = useRetryMail();

  return (
    <ul className="flex flex-col gap-3" data-testid="outbox-list">
      {mails.map((mail) => (
        <li
          key={mail.id}
          data-testid="outbox-mail"
          className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 md:flex-row md:items-center"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={statusTone[mail.status]}>{t(`admin.status.${mail.status}`)}</Badge>
              <span className="text-xs font-medium uppercase tracking-wide text-fg-muted">
                {mail.kind}
              </span>
            </div>
            <p className="truncate font-semibold text-fg">{mail.subject}</p>
            <p className="truncate text-sm text-fg-muted">
              {t('admin.to')}: <span className="text-fg">{mail.to}</span>
            </p>
            <p className="text-sm text-fg-muted">
              <time dateTime={mail.createdAt}>{format.dateTime(mail.createdAt)}</time>
              {' · '}
              {t('admin.attempts', { n: format.number(mail.attempts) })}
              {mail.sentAt ? ` · ${t('admin.sentAt', { time: format.dateTime(mail.sentAt) })}` : ''}
            </p>
            {mail.lastError ? (
              <p className="break-words text-sm text-danger">
                {t('admin.lastError')}: {mail.lastError}
              </p>
            ) : null}
          </div>
          {mail.status === 'failed' ? (
            <Button
              variant="secondary"
              disabled={retry.isPending && retry.variables === mail.id}
              aria-label={t('admin.retryMail', { to: mail.to })}
              onClick={() =>
                retry.mutate(mail.id, {
                  onSuccess: () => toast.success(t('admin.retryQueued')),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              <RotateCw aria-hidden="true" className="size-4" />
              {retry.isPending && retry.variables === mail.id
                ? t('admin.retrying')
                : t('admin.retry')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
};
