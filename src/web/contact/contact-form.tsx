import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Send } from 'lucide-react';
import { contactSubjects } from '../../domain/contact';
import { ApiError } from '../lib/api-client';
import { useErrorMessage } from '../ui/use-error-message';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { Notice } from '../ui/state';
import { Textarea } from '../ui/textarea';
import { useSendContact } from './api';
import {
  accountValues,
  emptyValues,
  initialValues,
  validate,
  type ContactField,
  type ContactValues,
  type ContactViewer,
} from './contact-values';
import { RemindersHelp } from './reminders-help';

/** Server answers worth showing as they are; anything else is "Failed to send message". */
const explainedCodes = new Set(['CONTACT_RATE_LIMITED', 'RATE_LIMITED', 'VALIDATION_FAILED']);

/** The contact form (spec §2.16, states §4): idle, sending, sent (cleared) or failed. */
export const ContactForm = ({ viewer }: { viewer: ContactViewer | null }) => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const [values, setValues] = useState<ContactValues>(() => initialValues(search, viewer));
  const [showErrors, setShowErrors] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const send = useSendContact();

  // The session may arrive after the first render: fill what is still empty.
  const account = accountValues(viewer);
  useEffect(() => {
    if (!account.name && !account.email) return;
    setValues((current) => ({
      ...current,
      name: current.name || account.name,
      email: current.email || account.email,
    }));
  }, [account.name, account.email]);

  // After a rejected submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const errors = showErrors ? (validate(values).errors ?? {}) : {};
  const errorText = (field: ContactField) => {
    const key = errors[field];
    return key ? t(`contact.validation.${key}`) : null;
  };

  const update = (field: ContactField) => (value: string) => {
    if (!send.isIdle && !send.isPending) send.reset();
    setValues((current) => ({ ...current, [field]: value }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const result = validate(values);
    if (!result.data) {
      setShowErrors(true);
      setAttempt((n) => n + 1);
      return;
    }
    send.mutate(result.data, {
      onSuccess: () => {
        setShowErrors(false);
        setValues({ ...emptyValues, ...accountValues(viewer) });
      },
    });
  };

  const failure =
    send.error instanceof ApiError && explainedCodes.has(send.error.code)
      ? errorMessage(send.error)
      : t('errors.CONTACT_FAILED');

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      data-testid="contact-form"
      aria-describedby="contact-required-note"
    >
      <p id="contact-required-note" className="text-sm text-fg-muted">
        {t('contact.form.allRequired')}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('contact.form.name')} error={errorText('name')}>
          <Input
            name="name"
            autoComplete="name"
            maxLength={100}
            value={values.name}
            onChange={(e) => update('name')(e.target.value)}
            data-testid="contact-name"
          />
        </Field>
        <Field label={t('contact.form.email')} error={errorText('email')}>
          <Input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => update('email')(e.target.value)}
            data-testid="contact-email"
          />
        </Field>
      </div>
      <Field label={t('contact.form.subject')} error={errorText('subject')}>
        <Select
          name="subject"
          className="w-full"
          value={values.subject}
          onChange={(e) => update('subject')(e.target.value)}
          data-testid="contact-subject"
        >
          <option value="" disabled>
            {t('contact.form.subjectPlaceholder')}
          </option>
          {contactSubjects.map((subject) => (
            <option key={subject} value={subject}>
              {t(`contact.subjects.${subject}`)}
            </option>
          ))}
        </Select>
      </Field>
      {values.subject === 'reminders' ? <RemindersHelp viewer={viewer} /> : null}
      <Field
        label={t('contact.form.message')}
        error={errorText('message')}
        hint={t('contact.form.messageHint')}
      >
        <Textarea
          name="message"
          rows={6}
          maxLength={5000}
          value={values.message}
          onChange={(e) => update('message')(e.target.value)}
          data-testid="contact-message"
        />
      </Field>
      {send.isSuccess ? (
        <Notice tone="success" testId="contact-success">
          {t('contact.success')}
        </Notice>
      ) : null}
      {send.isError ? (
        <Notice tone="error" testId="contact-error">
          {failure}
        </Notice>
      ) : null}
      <div>
        <Button
          type="submit"
          size="lg"
          disabled={send.isPending}
          className="w-full sm:w-auto"
          data-testid="contact-submit"
        >
          <Send aria-hidden="true" className="size-5" />
          {send.isPending ? t('contact.form.sending') : t('contact.form.send')}
        </Button>
      </div>
    </form>
  );
};
