import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import { newFixtureBody } from '../../domain/results';
import { ApiError } from '../lib/api-client';
import { useErrorMessage } from '../ui/use-error-message';
import { Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { DialogActions } from '../ui/dialog';
import type { AdminCompetition } from './api';
import { useAddFixture } from './api';
import { isTimeZone, TimeZoneOptions } from './time-zone-options';

interface Props {
  competition: AdminCompetition;
  /** The season on screen: the new match joins it unless the admin names another. */
  season: string;
  rounds: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Key = 'season' | 'round' | 'date' | 'time' | 'timeZone' | 'homeTeam' | 'awayTeam' | 'venue';
const required: Key[] = ['round', 'date', 'time', 'homeTeam', 'awayTeam'];

const AddFixtureForm = ({ competition, season, rounds, onOpenChange }: Omit<Props, 'open'>) => {
  const { t } = useTranslation();
  const listId = useId();
  const errorMessage = useErrorMessage();
  const add = useAddFixture();
  const [values, setValues] = useState<Record<Key, string>>({
    season,
    round: rounds.at(-1) ?? '',
    date: '',
    time: '',
    timeZone: competition.timeZone,
    homeTeam: '',
    awayTeam: '',
    venue: '',
  });
  const [missing, setMissing] = useState<Set<Key>>(new Set());
  const [badZone, setBadZone] = useState(false);
  const bind = (key: Key) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
    'data-testid': `add-fixture-${key}`,
  });
  const errorOf = (key: Key) =>
    key === 'timeZone' && badZone
      ? t('admin.form.badTimeZone')
      : missing.has(key)
        ? t('admin.form.required')
        : null;
  const missingToast = () =>
    toast.error(t('admin.toast.missingInformation'), {
      description: t('errors.MISSING_INFORMATION'),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The spec's rule, mirrored from the server: every required field, including the time.
    const empty = new Set(required.filter((key) => values[key].trim() === ''));
    setMissing(empty);
    const zoneOk = values.timeZone.trim() === '' || isTimeZone(values.timeZone.trim());
    setBadZone(!zoneOk);
    const body = {
      competitionId: competition.id,
      round: values.round,
      date: values.date,
      time: values.time,
      homeTeam: values.homeTeam,
      awayTeam: values.awayTeam,
      ...(values.timeZone.trim() ? { timeZone: values.timeZone.trim() } : {}),
      ...(values.venue.trim() ? { venue: values.venue.trim() } : {}),
      season: values.season.trim(),
    };
    const issues = newFixtureBody.safeParse(body).error?.issues ?? [];
    // A team name mixing alphabets (decision 017) is no missing information: its own sentence.
    const mixed = issues.some(
      (i) => i.code === 'custom' && i.params?.code === 'NAME_MIXES_SCRIPTS',
    );
    if (empty.size === 0 && mixed) {
      toast.error(t('admin.toast.addError'), { description: t('errors.NAME_MIXES_SCRIPTS') });
      return;
    }
    if (empty.size > 0 || issues.length > 0) {
      missingToast();
      return;
    }
    if (!zoneOk) return;
    add.mutate(body, {
      onSuccess: () => {
        toast.success(t('admin.toast.fixtureAdded'));
        onOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'MISSING_INFORMATION') missingToast();
        else toast.error(t('admin.toast.addError'), { description: errorMessage(error) });
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="add-fixture-form"
    >
      <Field label={t('admin.form.season')} hint={t('admin.form.seasonHint')}>
        <Input {...bind('season')} placeholder="2026-27" autoComplete="off" />
      </Field>
      <Field
        label={t('admin.form.round')}
        error={errorOf('round')}
        hint={t('admin.form.roundHint')}
      >
        <Input {...bind('round')} list={`${listId}-rounds`} required />
      </Field>
      <datalist id={`${listId}-rounds`}>
        {rounds.map((round) => (
          <option key={round} value={round} />
        ))}
      </datalist>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('admin.form.date')} error={errorOf('date')}>
          <Input type="date" required {...bind('date')} />
        </Field>
        <Field label={t('admin.form.time')} error={errorOf('time')}>
          <Input type="time" required {...bind('time')} />
        </Field>
      </div>
      <Field
        label={t('admin.form.timeZone')}
        error={errorOf('timeZone')}
        hint={t('admin.form.timeZoneHint')}
      >
        <Input {...bind('timeZone')} list={`${listId}-zones`} autoComplete="off" />
      </Field>
      <TimeZoneOptions id={`${listId}-zones`} />
      <Field label={t('admin.form.homeTeam')} error={errorOf('homeTeam')}>
        <Input required {...bind('homeTeam')} />
      </Field>
      <Field label={t('admin.form.awayTeam')} error={errorOf('awayTeam')}>
        <Input required {...bind('awayTeam')} />
      </Field>
      <Field label={t('admin.form.venue')}>
        <Input {...bind('venue')} />
      </Field>
      <DialogActions
        cancelLabel={t('admin.form.cancel')}
        onCancel={() => onOpenChange(false)}
        submitLabel={t('admin.fixtures.add')}
        busyLabel={t('admin.saving')}
        busy={add.isPending}
        testId="add-fixture"
      />
    </form>
  );
};

/** 'Add match' (spec §2.18): a new fixture in the competition's local time. */
export const AddFixtureDialog = ({ open, onOpenChange, ...rest }: Props) => {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.fixtures.addTitle')}
      description={rest.competition.name}
      closeLabel={t('common.close')}
      testId="add-fixture-dialog"
    >
      {open ? <AddFixtureForm onOpenChange={onOpenChange} {...rest} /> : null}
    </Dialog>
  );
};
