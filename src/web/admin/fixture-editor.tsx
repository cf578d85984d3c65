import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Calculator, Pencil, Save, Undo2 } from 'lucide-react';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import type { AdminFixtureRow } from './api';
import { useHandBack, useRecalculate, useUpdateFixture } from './api';
import { toast } from '../ui/toast';
import {
  canCalculate,
  checkDraft,
  draftOf,
  fixtureStatuses,
  hasErrors,
  isEmptyPatch,
  patchOf,
  type FixtureStatus,
  type ResultDraft,
} from './fixture-draft';
import { useFormat } from '../lib/format';
import { useKickoffText } from './use-kickoff-text';
import { useResultToasts } from './use-result-toasts';

interface Props {
  fixture: AdminFixtureRow;
  timeZone: string;
  onEdit: (fixture: AdminFixtureRow) => void;
}

const statusTone = {
  scheduled: 'neutral',
  live: 'info',
  final: 'success',
  postponed: 'warn',
  cancelled: 'danger',
} as const;

/**
 * One fixture's result: status, scores and first-goal minute, saved with 'Save' or
 * 'Save & Recalculate'. A card on phones, one row from 1024 px. The parent keys it by
 * `updatedAt`, so a saved change resets the draft to what the server stored.
 */
export const FixtureEditor = ({ fixture, timeZone, onEdit }: Props) => {
  const { t } = useTranslation();
  const id = useId();
  const format = useFormat();
  const kickoff = useKickoffText()(fixture.kickoffAt, timeZone);
  const toasts = useResultToasts();
  const update = useUpdateFixture();
  const recalculate = useRecalculate();
  const [draft, setDraft] = useState<ResultDraft>(() => draftOf(fixture));
  const [showErrors, setShowErrors] = useState(false);
  const check = checkDraft(draft);
  const patch = patchOf(fixture, draft, check);
  const dirty = !isEmptyPatch(patch);
  const handBack = useHandBack();
  const busy = update.isPending || recalculate.isPending || handBack.isPending;
  const sourceName = (source: string) => t(`admin.sources.${source}`, { defaultValue: source });
  const visibleErrors = showErrors ? check.errors : { minute: check.errors.minute };
  const set = (key: keyof ResultDraft) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = () => {
    setShowErrors(true);
    if (hasErrors(check) || !dirty) return;
    update.mutate(
      { id: fixture.id, patch },
      {
        onSuccess: (r) =>
          r.fixture.status === 'final' ? toasts.recalculated(r.gained, r.total) : toasts.updated(),
        onError: toasts.saveFailed,
      },
    );
  };

  const saveAndRecalculate = () => {
    setShowErrors(true);
    if (hasErrors(check)) return;
    if (!canCalculate(draft, check)) {
      toasts.cannotCalculate();
      return;
    }
    const onSuccess = (r: { gained: number | null; total: number | null }) =>
      toasts.recalculated(r.gained, r.total);
    // A final result is scored by the save itself; without changes it is scored again.
    if (dirty) update.mutate({ id: fixture.id, patch }, { onSuccess, onError: toasts.saveFailed });
    else recalculate.mutate(fixture.id, { onSuccess, onError: toasts.saveFailed });
  };

  const goalless = check.homeScore === 0 && check.awayScore === 0;
  const typedMinute = draft.minute.trim();
  const minuteHint = goalless
    ? t('admin.fixtures.goallessHint')
    : check.minute !== null && !check.errors.minute && typedMinute !== String(check.minute)
      ? t('admin.fixtures.countsAs', { typed: typedMinute, minute: check.minute })
      : t('admin.fixtures.minuteHint');
  const errorText = (key: 'home' | 'away' | 'minute') => {
    const error = visibleErrors[key];
    return error ? t(`admin.fixtures.errors.${error}`) : null;
  };
  const scoreError = errorText('home') ?? errorText('away');
  const minuteError = errorText('minute');

  return (
    <li
      data-testid={`fixture-${fixture.id}`}
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 lg:flex-row lg:items-start"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={statusTone[fixture.status]}>
            {t(`admin.fixtureStatus.${fixture.status}`)}
          </Badge>
          {fixture.minuteToBeConfirmed ? (
            <Badge tone="warn" data-testid="minute-tbc">
              {t('admin.fixtures.minuteToBeConfirmed')}
            </Badge>
          ) : null}
          {fixture.status === 'live' && fixture.clock ? (
            <Badge tone="info" data-testid="fixture-clock">
              {fixture.clock}
            </Badge>
          ) : null}
          {fixture.handSet.length > 0 ? (
            <Badge tone="neutral" data-testid="fixture-hand-set">
              {t('admin.fixtures.handSet')}
            </Badge>
          ) : null}
          <span className="text-xs text-fg-muted">{fixture.id}</span>
          {fixture.updatedBy ? (
            <span className="text-xs text-fg-muted" data-testid="fixture-updated-by">
              {t('admin.fixtures.updatedBy', { source: sourceName(fixture.updatedBy) })}
            </span>
          ) : null}
        </div>
        <p className="font-semibold text-fg">
          {fixture.homeTeam} <span className="font-normal text-fg-muted">{t('admin.vs')}</span>{' '}
          {fixture.awayTeam}
        </p>
        <p className="text-sm text-fg-muted">
          <time dateTime={fixture.kickoffAt}>{kickoff.local}</time>
          {kickoff.uk ? ` · ${t('admin.fixtures.ukTime', { time: kickoff.uk })}` : null}
        </p>
        <p className="text-sm text-fg-muted" data-testid="fixture-predictions">
          {t('admin.fixtures.predictions', { n: format.number(fixture.predictions) })}
          {fixture.venue ? ` · ${fixture.venue}` : null}
        </p>
        <div>
          <Button
            variant="ghost"
            className="-ml-3 text-brand-text"
            onClick={() => onEdit(fixture)}
            data-testid="fixture-edit"
            aria-label={t('admin.fixtures.editLabel', {
              home: fixture.homeTeam,
              away: fixture.awayTeam,
            })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('admin.fixtures.edit')}
          </Button>
        </div>
      </div>

      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-[9rem_5rem_5rem_minmax(8rem,1fr)] lg:w-[30rem]">
        <legend className="sr-only">
          {t('admin.fixtures.resultOf', { home: fixture.homeTeam, away: fixture.awayTeam })}
        </legend>
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={`${id}-status`} className="text-sm font-medium text-fg">
            {t('admin.fixtures.status')}
          </label>
          <Select
            id={`${id}-status`}
            data-testid="fixture-status"
            value={draft.status}
            onChange={(e) => set('status')(e.target.value as FixtureStatus)}
            className="w-full"
          >
            {fixtureStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`admin.fixtureStatus.${status}`)}
              </option>
            ))}
          </Select>
        </div>
        {(['home', 'away'] as const).map((side) => (
          <div key={side} className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-${side}`} className="text-sm font-medium text-fg">
              <span aria-hidden="true">{t(`admin.fixtures.${side}Short`)}</span>
              <span className="sr-only">
                {t('admin.fixtures.scoreOf', {
                  team: side === 'home' ? fixture.homeTeam : fixture.awayTeam,
                })}
              </span>
            </label>
            <Input
              id={`${id}-${side}`}
              data-testid={`fixture-${side}-score`}
              type="number"
              inputMode="numeric"
              min={0}
              max={99}
              step={1}
              value={draft[side]}
              invalid={Boolean(visibleErrors[side])}
              aria-describedby={scoreError ? `${id}-score-error` : undefined}
              onChange={(e) => set(side)(e.target.value)}
            />
          </div>
        ))}
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={`${id}-minute`} className="text-sm font-medium text-fg">
            {t('admin.fixtures.firstGoal')}
          </label>
          <Input
            id={`${id}-minute`}
            data-testid="fixture-minute"
            inputMode="text"
            autoComplete="off"
            value={goalless ? '0' : draft.minute}
            disabled={goalless}
            invalid={Boolean(minuteError)}
            aria-describedby={`${id}-minute-note`}
            onChange={(e) => set('minute')(e.target.value)}
          />
        </div>
        <div className="col-span-2 flex flex-col gap-1 sm:col-span-4">
          {scoreError ? (
            <p id={`${id}-score-error`} className="text-sm font-medium text-danger">
              {scoreError}
            </p>
          ) : null}
          <p
            id={`${id}-minute-note`}
            data-testid="fixture-minute-counted"
            aria-live="polite"
            className={cn('text-sm', minuteError ? 'font-medium text-danger' : 'text-fg-muted')}
          >
            {minuteError ?? minuteHint}
          </p>
        </div>
      </fieldset>

      <div className="grid grid-cols-[auto_1fr] gap-2 whitespace-nowrap lg:flex lg:w-52 lg:flex-col lg:pt-6">
        <Button
          variant="secondary"
          onClick={save}
          disabled={busy || !dirty}
          data-testid="fixture-save"
        >
          <Save aria-hidden="true" className="size-4" />
          {update.isPending && !recalculate.isPending ? t('admin.saving') : t('admin.save')}
        </Button>
        <Button onClick={saveAndRecalculate} disabled={busy} data-testid="fixture-recalculate">
          <Calculator aria-hidden="true" className="size-4" />
          {t('admin.fixtures.saveAndRecalculate')}
        </Button>
        {fixture.handSet.length > 0 ? (
          <Button
            variant="secondary"
            className="col-span-2"
            disabled={busy}
            data-testid="fixture-hand-back"
            onClick={() =>
              handBack.mutate(fixture.id, {
                onSuccess: () => toast.success(t('admin.fixtures.handedBack')),
                onError: toasts.saveFailed,
              })
            }
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {t('admin.fixtures.handBack')}
          </Button>
        ) : null}
      </div>
    </li>
  );
};
