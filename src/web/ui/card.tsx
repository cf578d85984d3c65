import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export const Card = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div
    className={cn('rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6', className)}
    {...props}
  />
);
