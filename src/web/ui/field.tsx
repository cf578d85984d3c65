import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

interface FieldProps {
  label: ReactNode;
  /** Inline error under the control; also wired to aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; invalid?: boolean }>;
}

/** A label, one control and its hint or error, linked for assistive technology. */
export const Field = ({ label, error, hint, children }: FieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy || undefined,
        invalid: Boolean(error),
      })}
      {hint && !error ? (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
};
