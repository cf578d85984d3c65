import { clubBadge } from '../../domain/club-badge';
import { clubColours } from '../lib/club-colours';
import { cn } from './cn';

/** Circle and type sizes; four letters ('NICE') a size smaller. */
const sizes = {
  sm: ['size-7 text-[0.5625rem]', 'size-7 text-[0.5rem]'],
  md: ['size-9 text-[0.6875rem]', 'size-9 text-[0.5625rem]'],
} as const;

/**
 * A club's badge of our own (issue 31, point 18): its short name on its colours, a fixed size so
 * nothing moves when it draws. Decorative: the club's name is always written beside it.
 */
export const ClubBadge = ({
  name,
  size = 'md',
  className,
}: {
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}) => {
  const badge = clubBadge(name, clubColours(name));
  return (
    <span
      aria-hidden="true"
      data-testid="club-badge"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-extrabold leading-none tracking-tight',
        'shadow-[inset_0_0_0_1px_var(--color-badge-ring)]',
        sizes[size][badge.initials.length > 3 ? 1 : 0],
        className,
      )}
      style={{ backgroundColor: badge.background, color: badge.text }}
    >
      {badge.initials}
    </span>
  );
};
