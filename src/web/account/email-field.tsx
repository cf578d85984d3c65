import { useTranslation } from 'react-i18next';
import { Field } from '../ui/field';
import { Input } from '../ui/input';

/** The e-mail address of a sign-in, sign-up or reset form (the browser may fill it in). */
export const EmailField = ({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.fields.email')}>
      <Input
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </Field>
  );
};
