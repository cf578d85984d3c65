import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

interface SectionHeaderProps {
  /** The heading's id, for the section's `aria-labelledby`. */
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  /** Brand-coloured icon (league pages) instead of the text colour (admin area). */
  brandIcon?: boolean;
  /** Buttons on the heading's right (wrapping below it on a phone). */
  actions?: ReactNode;
}

/** A section's heading: an optional icon, the title, a line of description and actions. */
export const SectionHeader = ({
  id,
  title,
  description,
  icon: Icon,
  brandIcon = false,
  actions,
}: SectionHeaderProps) => {
  const heading = (
    <div className="flex flex-col gap-1">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-fg">
        {Icon ? (
          <Icon aria-hidden="true" className={cn('size-5', brandIcon && 'text-brand-text')} />
        ) : null}
        {title}
      </h2>
      {description ? <p className="text-sm text-fg-muted">{description}</p> : null}
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {heading}
      {actions}
    </div>
  );
};
