import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import { cn } from '../ui/cn';
import { inputClasses } from '../ui/input';
import { stepMinute } from './draft';

interface MinuteFieldProps {
  value: string;
  label: string;
  invalid: boolean;
  describedBy: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

const stepper =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-line bg-surface text-fg hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60';

/** The first goal's minute: typed, or stepped with − / + (and the arrow keys), within 0–90. */
export const MinuteField = ({
  value,
  label,
  invalid,
  describedBy,
  disabled,
  onChange,
}: MinuteFieldProps) => {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        className={stepper}
        aria-label={t('predictions.minuteLess')}
        disabled={disabled || value.trim() === '0'}
        onClick={() => onChange(stepMinute(value, -1))}
        data-testid="minute-less"
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <div className="relative min-w-0 flex-1">
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={90}
          step={1}
          placeholder="0-90"
          aria-label={label}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          data-testid="minute-input"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
            event.preventDefault();
            onChange(stepMinute(value, event.key === 'ArrowUp' ? 1 : -1));
          }}
          className={cn(
            inputClasses(invalid),
            'appearance-none pl-1 pr-10 text-right tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
          )}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-sm text-fg-muted"
        >
          {t('predictions.minuteUnit')}
        </span>
      </div>
      <button
        type="button"
        className={stepper}
        aria-label={t('predictions.minuteMore')}
        disabled={disabled || value.trim() === '90'}
        onClick={() => onChange(stepMinute(value, 1))}
        data-testid="minute-more"
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
};
