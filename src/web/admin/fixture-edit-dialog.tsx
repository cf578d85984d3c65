import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { zonedDateTime, zonedLocalToUtc } from '../../domain/kickoff';
import type { FixturePatch } from '../../domain/results';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { DialogActions } from '../ui/dialog';
import type { AdminFixtureRow } from './api';
import { useUpdateFixture } from './api';
import { useResultToasts } from './use-result-toasts';

interface Props {
  fixture: AdminFixtureRow | null;
  timeZone: string;
  onClose: () => void;
}

type Key = 'round' | 'date' | 'time' | 'homeTeam' | 'awayTeam';

const EditForm = ({ fixture, timeZone, onClose }: Props & { fixture: AdminFixtureRow }) => {
  const { t } = useTranslation();
  const toasts = useResultToasts();
  const update = useUpdateFixture();
  const local = zonedDateTime(new Date(fixture.kickoffAt), timeZone);
  const [values, setValues] = useState<Record<Key, string>>({
    round: fixture.round,
    date: local.date,
    time: local.time,
    homeTeam: fixture.homeTeam,
    awayTeam: fixture.awayTeam,
  });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const bind = (key: Key) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
    'data-testid': `edit-${key}`,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Key, string>> = {};
    for (const key of Object.keys(values) as Key[])
      if (values[key].trim() === '') found[key] = t('admin.form.required');
    let kickoffAt: string | null = null;
    if (!found.date && !found.time) {
      try {
        kickoffAt = zonedLocalToUtc(values.date, values.time, timeZone).toISOString();
      } catch {
        found.date = t('admin.form.badDate');
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || kickoffAt === null) return;
    const patch: FixturePatch = {};
    if (kickoffAt !== new Date(fixture.kickoffAt).toISOString()) patch.kickoffAt = kickoffAt;
    if (values.round.trim() !== fixture.round) patch.round = values.round.trim();
    if (values.homeTeam.trim() !== fixture.homeTeam) patch.homeTeam = values.homeTeam.trim();
    if (values.awayTeam.trim() !== fixture.awayTeam) patch.awayTeam = values.awayTeam.trim();
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: fixture.id, patch },
      {
        onSuccess: () => {
          toasts.updated();
          onClose();
        },
        onError: toasts.saveFailed,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label={t('admin.form.round')} error={errors.round}>
        <Input {...bind('round')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('admin.form.date')} error={errors.date}>
          <Input type="date" {...bind('date')} />
        </Field>
        <Field label={t('admin.form.time')} error={errors.time}>
          <Input type="time" {...bind('time')} />
        </Field>
      </div>
      <p className="-mt-2 text-sm text-fg-muted">{t('admin.form.inZone', { zone: timeZone })}</p>
      <Field label={t('admin.form.homeTeam')} error={errors.homeTeam}>
        <Input {...bind('homeTeam')} />
      </Field>
      <Field label={t('admin.form.awayTeam')} error={errors.awayTeam}>
        <Input {...bind('awayTeam')} />
      </Field>
      <DialogActions
        cancelLabel={t('admin.form.cancel')}
        onCancel={onClose}
        submitLabel={t('admin.save')}
        busyLabel={t('admin.saving')}
        busy={update.isPending}
        testId="edit"
      />
    </form>
  );
};

/** Kick-off, round and teams of one fixture (results are edited in its row). */
export const FixtureEditDialog = ({ fixture, timeZone, onClose }: Props) => {
  const { t } = useTranslation();
  return (
    <Dialog
      open={fixture !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('admin.fixtures.editTitle')}
      description={fixture ? `${fixture.homeTeam} ${t('admin.vs')} ${fixture.awayTeam}` : null}
      closeLabel={t('common.close')}
      testId="fixture-edit-dialog"
    >
      {fixture ? (
        <EditForm key={fixture.id} fixture={fixture} timeZone={timeZone} onClose={onClose} />
      ) : null}
    </Dialog>
  );
};
