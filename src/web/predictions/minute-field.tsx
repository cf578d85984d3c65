import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import { cn } from '../ui/cn';
import { inputClasses } from '../ui/input';
import { stepMinute } from './draft';

interface MinuteFieldProps {
  value: string;
  label: string;
  /** The match ('Arsenal v Chelsea'), named in the steppers' labels. */
  match: string;
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
  match,
  invalid,
  describedBy,
  disabled,
  onChange,
}: MinuteFieldProps) => {
  const { t } = useTranslation();
  // A step says the minute it reached (politely, once per press); typing says nothing.
  const [stepped, setStepped] = useState<string | null>(null);
  const step = (by: number) => {
    const next = stepMinute(value, by);
    setStepped(next);
    onChange(next);
  };
  return (
    <div className="flex items-center gap-1.5">
      <span aria-live="polite" className="sr-only" data-testid="minute-announce">
        {stepped === null || stepped === ''
          ? ''
          : t('predictions.minuteNow', { count: Number(stepped) })}
      </span>
      <button
        type="button"
        className={stepper}
        aria-label={t('predictions.minuteLessFor', { match })}
        disabled={disabled || value.trim() === '0'}
        onClick={() => step(-1)}
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
          onChange={(event) => {
            setStepped(null);
            onChange(event.target.value);
          }}
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
        aria-label={t('predictions.minuteMoreFor', { match })}
        disabled={disabled || value.trim() === '90'}
        onClick={() => step(1)}
        data-testid="minute-more"
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
};
