import type { InputHTMLAttributes } from 'react';
import { cn } from './cn';

export const inputClasses = (invalid = false, extra?: string) =>
  cn(
    'block w-full min-h-11 rounded-lg border bg-surface px-3 text-base text-fg',
    'placeholder:text-fg-muted disabled:cursor-not-allowed disabled:opacity-60',
    invalid ? 'border-danger' : 'border-line',
    extra,
  );

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export const Input = ({ invalid = false, className, ...props }: InputProps) => (
  <input
    aria-invalid={invalid || undefined}
    className={inputClasses(invalid, className)}
    {...props}
  />
);
