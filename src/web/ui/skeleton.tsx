import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A grey placeholder block while data loads; hidden from assistive technology. */
export const Skeleton = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div
    aria-hidden="true"
    className={cn('animate-pulse rounded-lg bg-surface-muted', className)}
    {...props}
  />
);

/** A polite "loading" announcement plus skeleton rows. */
export const LoadingBlock = ({ label, rows = 3 }: { label: string; rows?: number }) => (
  <div role="status" aria-live="polite" className="flex flex-col gap-3">
    <span className="sr-only">{label}</span>
    {Array.from({ length: rows }, (_, index) => (
      <Skeleton key={index} className="h-16 w-full" />
    ))}
  </div>
);
