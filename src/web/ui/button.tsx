import type { ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse' | 'outline-inverse';
type Size = 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-primary text-on-primary hover:bg-primary-hover shadow-sm',
  secondary: 'bg-surface text-fg border border-line hover:bg-surface-muted',
  ghost: 'bg-transparent text-fg hover:bg-surface-muted',
  danger: 'bg-[#b91c1c] text-white hover:bg-[#991b1b]',
  // For dark (navy / pitch) backgrounds.
  inverse: 'bg-white text-navy hover:bg-[#e2e8f0] shadow-sm',
  'outline-inverse': 'border border-white/70 text-white hover:bg-white/10',
};

const sizes: Record<Size, string> = {
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  /** Renders the child element (e.g. a router Link) with the button's look. */
  asChild?: boolean;
}

export const buttonClasses = (variant: Variant = 'primary', size: Size = 'md', extra?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60 select-none no-underline',
    variants[variant],
    sizes[size],
    extra,
  );

export const Button = ({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) => {
  const classes = buttonClasses(variant, size, className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
};
