import type { SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
  /** Visual tone: on the navy header the control is light-on-dark. */
  tone?: 'default' | 'inverse';
}

/**
 * A styled native select: on phones the system picker is the most usable choice, and it is
 * fully accessible without extra work.
 */
export const Select = ({
  invalid = false,
  tone = 'default',
  className,
  children,
  ...props
}: SelectProps) => (
  <div className={cn('relative inline-flex', className)}>
    <select
      aria-invalid={invalid || undefined}
      className={cn(
        'min-h-11 w-full appearance-none rounded-lg border pl-3 pr-8 text-sm font-medium',
        'disabled:cursor-not-allowed disabled:opacity-60',
        tone === 'inverse'
          ? 'border-white/40 bg-navy-2 text-white'
          : cn('bg-surface text-fg', invalid ? 'border-danger' : 'border-line'),
      )}
      {...props}
    >
      {children}
    </select>
    <ChevronDown
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2',
        tone === 'inverse' ? 'text-white' : 'text-fg-muted',
      )}
    />
  </div>
);
