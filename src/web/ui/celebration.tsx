import { useState } from 'react';
import { PartyPopper } from 'lucide-react';
import { localKeys } from '../lib/local-keys';
import { cn } from './cn';

const kept = 200;

/** Whether `id` is celebrated here for the first time (then remembered as seen). */
const firstSight = (id: string) => {
  try {
    const seen = JSON.parse(localStorage.getItem(localKeys.celebrated) ?? '[]') as unknown;
    const list = Array.isArray(seen) ? seen.filter((x): x is string => typeof x === 'string') : [];
    if (list.includes(id)) return false;
    localStorage.setItem(localKeys.celebrated, JSON.stringify([...list, id].slice(-kept)));
    return true;
  } catch {
    // Without storage every visit is a first one: the chip still says it, quietly.
    return false;
  }
};

/**
 * A small moment of celebration (issue 31, point 18): an exact first-goal minute, a round won.
 * The chip always says it; the first time a player sees it on this device it pops and a ring of
 * confetti dots bursts from it (transform and opacity only: nothing around it moves). Reduced
 * motion: the chip alone.
 */
export const Celebration = ({
  id,
  label,
  className,
}: {
  /** The moment, remembered once seen ('exact:<team>:<fixture>', 'round:<team>:<round>'). */
  id: string;
  label: string;
  className?: string;
}) => {
  const [fresh] = useState(() => firstSight(id));
  return (
    <span
      data-testid="celebration"
      data-fresh={fresh ? 'true' : 'false'}
      className={cn(
        'relative inline-flex items-center gap-1 rounded-full bg-warn-soft px-2 py-0.5 text-xs font-bold text-warn-strong',
        fresh && 'celebrate-pop',
        className,
      )}
    >
      <PartyPopper aria-hidden="true" className="size-3.5" />
      {label}
      {fresh ? <span aria-hidden="true" className="celebrate-burst" /> : null}
    </span>
  );
};
