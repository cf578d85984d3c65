import { useTranslation } from 'react-i18next';
import { Check, RotateCcw } from 'lucide-react';
import { toast } from '../ui/toast';
import { useFormat } from '../lib/format';
import { useErrorMessage } from '../ui/use-error-message';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import type { InboxMessage } from './api';
import { useMarkHandled } from './api';

/** One card per message: who wrote, about what, when, the text, and the handled toggle. */
export const InboxList = ({ messages }: { messages: InboxMessage[] }) => {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const mark = useMarkHandled();
  const subjectLabel = (subject: string) =>
    i18n.exists(`contact.subjects.${subject}`) ? t(`contact.subjects.${subject}`) : subject;

  return (
    <ul className="flex flex-col gap-3" data-testid="inbox-list">
      {messages.map((message) => {
        const saving = mark.isPending && mark.variables.id === message.id;
        const toggle = () =>
          mark.mutate(
            { id: message.id, handled: !message.handled },
            {
              onSuccess: ({ handled }) =>
                toast.success(
                  t(handled ? 'admin.inbox.markedHandled' : 'admin.inbox.markedUnhandled'),
                ),
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        return (
          <li
            key={message.id}
            data-testid="inbox-message"
            data-handled={message.handled}
            className={cn(
              'rounded-xl border border-line bg-surface p-4',
              message.handled && 'bg-surface-muted',
            )}
          >
            <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
              <div className="flex min-w-0 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={message.handled ? 'neutral' : 'info'}>
                    {t(message.handled ? 'admin.inbox.handled' : 'admin.inbox.unhandled')}
                  </Badge>
                  <span className="text-sm font-semibold text-fg">
                    {subjectLabel(message.subject)}
                  </span>
                </div>
                <p className="font-semibold text-fg">{message.name}</p>
                <a
                  href={`mailto:${message.email}`}
                  className="w-fit break-all text-sm font-medium text-brand-text underline-offset-2 hover:underline"
                >
                  {message.email}
                </a>
                <p className="text-sm text-fg-muted">
                  <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
                  {message.locale ? ` · ${message.locale.toUpperCase()}` : ''}
                </p>
                <p
                  className="mt-2 whitespace-pre-wrap break-words text-sm text-fg"
                  data-testid="inbox-message-text"
                >
                  {message.message}
                </p>
              </div>
              <Button
                variant="secondary"
                className="self-start md:shrink-0"
                disabled={saving}
                onClick={toggle}
                data-testid="inbox-toggle-handled"
                aria-label={t(
                  message.handled ? 'admin.inbox.markUnhandledFor' : 'admin.inbox.markHandledFor',
                  { name: message.name },
                )}
              >
                {message.handled ? (
                  <RotateCcw aria-hidden="true" className="size-4" />
                ) : (
                  <Check aria-hidden="true" className="size-4" />
                )}
                {t(message.handled ? 'admin.inbox.markUnhandled' : 'admin.inbox.markHandled')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
};
