import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';

/** 'Live', with a dot that pulses unless the player asked for reduced motion. */
export const LiveMarker = ({ className }: { className?: string }) => {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-danger-soft px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-danger-strong',
        className,
      )}
      data-testid="live-marker"
    >
      <span aria-hidden="true" className="relative inline-flex size-2">
        <span className="absolute inset-0 rounded-full bg-danger opacity-75 motion-safe:animate-ping" />
        <span className="relative inline-flex size-2 rounded-full bg-danger" />
      </span>
      {t('live.marker')}
    </span>
  );
};
