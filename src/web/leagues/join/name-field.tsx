import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { nameMaxLength } from '../../../domain/league-names';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';

interface NameFieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  testId: string;
}

/** A league or team name (or a code to look up): one line, at most 50 characters, no autofill. */
export const NameField = ({
  label,
  hint,
  error,
  value,
  onChange,
  autoFocus,
  testId,
}: NameFieldProps) => {
  const { t } = useTranslation();
  // The field takes no 51st character; at the limit it says so instead of dropping it silently.
  const full = value.length >= nameMaxLength;
  return (
    <Field
      label={label}
      hint={full ? t('leagues.nameAtMost', { count: nameMaxLength }) : hint}
      error={error}
    >
      <Input
        value={value}
        maxLength={nameMaxLength}
        autoComplete="off"
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </Field>
  );
};
