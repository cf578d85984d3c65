import { Suspense } from 'react';
import { lazyNamed } from '../lib/lazy-named';
import { useOnceTrue } from '../lib/use-once-true';
import { Button } from './button';
import type { DialogProps } from './dialog-panel';

const DialogPanel = lazyNamed(() => import('./dialog-panel'), 'DialogPanel');

/**
 * A modal dialog or side sheet. The dialog library is fetched the first time one opens (no page
 * downloads it just to show a closed dialog); from then on it stays mounted, so closing animates.
 */
export const Dialog = (props: DialogProps) => {
  const shown = useOnceTrue(props.open);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  );
};

interface DialogActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /** Shown on the submit button while the request runs (the button is disabled then). */
  busyLabel: string;
  busy: boolean;
  /** Not ready to submit yet (a required field is empty). */
  disabled?: boolean;
  tone?: 'primary' | 'danger';
  /** Test ids `<testId>-cancel` and `<testId>-submit`. */
  testId: string;
}

/** A dialog form's buttons: Cancel, and the submit button (stacked, submit on top, on phones). */
export const DialogActions = ({
  cancelLabel,
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  disabled = false,
  tone = 'primary',
  testId,
}: DialogActionsProps) => (
  <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
    <Button variant="secondary" onClick={onCancel} data-testid={`${testId}-cancel`}>
      {cancelLabel}
    </Button>
    <Button
      type="submit"
      variant={tone}
      disabled={busy || disabled}
      data-testid={`${testId}-submit`}
    >
      {busy ? busyLabel : submitLabel}
    </Button>
  </div>
);
