import type { ReactNode } from 'react';
import { Switch } from 'radix-ui';

/** A labelled on/off setting in a bordered row: the label, a hint under it, the switch. */
export const SettingSwitch = ({
  id,
  label,
  hint,
  checked,
  disabled,
  onCheckedChange,
  describedBy,
  testId,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Ids of texts outside the row that explain the setting. */
  describedBy?: string;
  testId?: string;
}) => (
  <div className="flex items-center justify-between gap-4 rounded-xl border border-line p-4">
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="font-medium text-fg">
        {label}
      </label>
      <span id={`${id}-hint`} className="text-sm text-fg-muted">
        {hint}
      </span>
    </div>
    <Switch.Root
      id={id}
      checked={checked}
      disabled={disabled}
      onCheckedChange={onCheckedChange}
      aria-describedby={[describedBy, `${id}-hint`].filter(Boolean).join(' ')}
      data-testid={testId}
      className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-line bg-neutral-soft p-0.5 transition-colors data-[state=checked]:bg-primary disabled:opacity-60 before:absolute before:-inset-2 before:content-['']"
    >
      <Switch.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </Switch.Root>
  </div>
);
