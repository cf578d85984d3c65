import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { outcomes } from '../../domain/prediction-rules';
import { cn } from '../ui/cn';
import type { OutcomeChoice as Choice } from './draft';

interface OutcomeChoiceProps {
  value: Choice;
  /** Names the group for screen readers ('1X2 (Home Win / Draw / Away Win): A v B'). */
  label: string;
  disabled: boolean;
  onChange: (value: Choice) => void;
}

/**
 * 1 / X / 2 as one row of three buttons (a radio group): one tap picks, arrow keys move and pick,
 * and only the chosen one (or the first) is a tab stop. Each is at least 44 px high.
 */
export const OutcomeChoice = ({ value, label, disabled, onChange }: OutcomeChoiceProps) => {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusable = value === '' ? 0 : outcomes.indexOf(value);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + outcomes.length) % outcomes.length;
    const outcome = outcomes[next];
    if (outcome === undefined) return;
    onChange(outcome);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      data-testid="outcome-choice"
      data-value={value}
      className="grid grid-cols-3 gap-1 rounded-lg border border-line bg-surface-muted p-1"
    >
      {outcomes.map((outcome, index) => {
        const checked = value === outcome;
        return (
          <button
            key={outcome}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`${outcome} – ${t(`predictions.outcome.${outcome}`)}`}
            tabIndex={index === focusable ? 0 : -1}
            disabled={disabled}
            data-testid={`outcome-${outcome}`}
            onClick={() => onChange(outcome)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'flex min-h-11 flex-col items-center justify-center rounded-md px-1 leading-tight transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
              'disabled:cursor-not-allowed disabled:opacity-60',
              checked
                ? 'bg-primary text-on-primary shadow-sm'
                : 'text-fg hover:bg-surface enabled:active:bg-surface',
            )}
          >
            <span aria-hidden="true" className="text-base font-extrabold">
              {outcome}
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'text-[0.6875rem] font-medium md:hidden',
                checked ? 'text-on-primary' : 'text-fg-muted',
              )}
            >
              {t(`predictions.outcomeShort.${outcome}`)}
            </span>
          </button>
        );
      })}
    </div>
  );
};
