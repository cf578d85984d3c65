import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import { competitionKinds, type CompetitionKind } from '../../domain/competitions';
import { newCompetitionBody } from '../../domain/results';
import { ApiError } from '../lib/api-client';
import { useErrorMessage } from '../ui/use-error-message';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { DialogActions } from '../ui/dialog';
import { useAddCompetition } from './api';
import { isTimeZone, TimeZoneOptions } from './time-zone-options';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (id: string) => void;
}

type Key = 'name' | 'id' | 'route' | 'country' | 'timeZone' | 'seasonLabel';

const slug = (name: string, separator: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '')
    .slice(0, 60);

const AddCompetitionForm = ({ onOpenChange, onAdded }: Omit<Props, 'open'>) => {
  const { t } = useTranslation();
  const zonesId = useId();
  const errorMessage = useErrorMessage();
  const add = useAddCompetition();
  const [values, setValues] = useState<Record<Key, string>>({
    name: '',
    id: '',
    route: '',
    country: '',
    timeZone: 'Europe/London',
    seasonLabel: '',
  });
  const [kind, setKind] = useState<CompetitionKind>('tournament');
  // Id and route follow the name until the admin edits them.
  const [touched, setTouched] = useState({ id: false, route: false });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});

  const change = (key: Key, value: string) =>
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === 'name') {
        if (!touched.id) next.id = slug(value, '_');
        if (!touched.route) next.route = value.trim() ? `/${slug(value, '-')}` : '';
      }
      return next;
    });
  const bind = (key: Key) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => {
      if (key === 'id' || key === 'route') setTouched((s) => ({ ...s, [key]: true }));
      change(key, e.target.value);
    },
    'data-testid': `add-competition-${key}`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newCompetitionBody.safeParse({ ...values, kind });
    const found: Partial<Record<Key, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Key;
        found[key] =
          values[key]?.trim() === ''
            ? t('admin.form.required')
            : key === 'id'
              ? t('admin.competition.idRule')
              : key === 'route'
                ? t('admin.competition.routeRule')
                : t('admin.form.tooLong');
      }
    }
    if (!found.timeZone && !isTimeZone(values.timeZone.trim()))
      found.timeZone = t('admin.form.badTimeZone');
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    add.mutate(parsed.data, {
      onSuccess: ({ id }) => {
        toast.success(t('admin.toast.competitionAdded', { name: parsed.data.name }));
        onAdded(id);
        onOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'COMPETITION_EXISTS')
          setErrors({ id: errorMessage(error) });
        else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
          setErrors({ timeZone: t('admin.form.badTimeZone') });
        else
          toast.error(t('admin.toast.addCompetitionError'), { description: errorMessage(error) });
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="add-competition-form"
    >
      <Field label={t('admin.competition.name')} error={errors.name}>
        <Input {...bind('name')} />
      </Field>
      <Field
        label={t('admin.competition.id')}
        error={errors.id}
        hint={t('admin.competition.idRule')}
      >
        <Input {...bind('id')} autoComplete="off" spellCheck={false} />
      </Field>
      <Field
        label={t('admin.competition.route')}
        error={errors.route}
        hint={t('admin.competition.routeRule')}
      >
        <Input {...bind('route')} autoComplete="off" spellCheck={false} />
      </Field>
      <Field label={t('admin.competition.kind')}>
        <Select
          value={kind}
          onChange={(e) => setKind(e.target.value as CompetitionKind)}
          className="w-full"
          data-testid="add-competition-kind"
        >
          {competitionKinds.map((k) => (
            <option key={k} value={k}>
              {t(`admin.competition.kinds.${k}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('admin.competition.country')} error={errors.country}>
        <Input {...bind('country')} />
      </Field>
      <Field
        label={t('admin.form.timeZone')}
        error={errors.timeZone}
        hint={t('admin.competition.timeZoneHint')}
      >
        <Input {...bind('timeZone')} list={zonesId} autoComplete="off" />
      </Field>
      <TimeZoneOptions id={zonesId} />
      <Field label={t('admin.competition.season')} error={errors.seasonLabel}>
        <Input {...bind('seasonLabel')} placeholder="2026" />
      </Field>
      <DialogActions
        cancelLabel={t('admin.form.cancel')}
        onCancel={() => onOpenChange(false)}
        submitLabel={t('admin.competition.add')}
        busyLabel={t('admin.saving')}
        busy={add.isPending}
        testId="add-competition"
      />
    </form>
  );
};

/** A new tournament, so fixtures and imports have a home (docs/design.md §2). */
export const AddCompetitionDialog = ({ open, onOpenChange, onAdded }: Props) => {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.competition.addTitle')}
      description={t('admin.competition.addDescription')}
      closeLabel={t('common.close')}
      testId="add-competition-dialog"
    >
      {open ? <AddCompetitionForm onOpenChange={onOpenChange} onAdded={onAdded} /> : null}
    </Dialog>
  );
};
