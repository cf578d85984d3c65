import type { ReactNode } from 'react';
import { AlertTriangle, Inbox } from 'lucide-react';
import { Button } from './button';

interface ErrorStateProps {
  title: string;
  message?: string | null;
  retryLabel: string;
  onRetry: () => void;
}

/** A failed data view: what went wrong and a way to try again. */
export const ErrorState = ({ title, message, retryLabel, onRetry }: ErrorStateProps) => (
  <div
    role="alert"
    className="flex flex-col items-start gap-3 rounded-2xl border border-danger/40 bg-danger-soft p-5 text-danger-strong"
  >
    <div className="flex items-center gap-2 font-semibold">
      <AlertTriangle aria-hidden="true" className="size-5" />
      {title}
    </div>
    {message ? <p className="text-sm">{message}</p> : null}
    <Button variant="secondary" onClick={onRetry}>
      {retryLabel}
    </Button>
  </div>
);

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** No data yet, with the next step to take. */
export const EmptyState = ({ title, children }: EmptyStateProps) => (
  <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface p-8 text-center">
    <Inbox aria-hidden="true" className="size-8 text-fg-muted" />
    <p className="font-semibold text-fg">{title}</p>
    {children}
  </div>
);

/** An inline message inside a form or panel; nothing at all while it has no text. */
export const Notice = ({
  tone,
  children,
  testId,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) => {
  if (children === null || children === undefined || children === false || children === '')
    return null;
  const styles = {
    error: 'border-danger/40 bg-danger-soft text-danger-strong',
    success: 'border-success-strong/30 bg-success-soft text-success-strong',
    info: 'border-info-strong/30 bg-info-soft text-info-strong',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded-lg border px-3 py-2.5 text-sm font-medium ${styles}`}
    >
      {children}
    </div>
  );
};
