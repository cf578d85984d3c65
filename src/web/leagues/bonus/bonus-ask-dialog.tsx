import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  answerKey,
  bonusKinds,
  bonusLimits,
  defaultBonusPoints,
  type BonusKind,
} from '../../../domain/bonus-rules';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Notice } from '../../ui/state';
import { Textarea } from '../../ui/textarea';
import { toast } from '../../ui/toast';
import { useAskQuestion } from '../shared/api';
import { useLeagueError } from '../shared/use-league-error';

/** `datetime-local` text for a moment, in the browser's time zone. */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** A week from now on the hour: a sensible first deadline. */
const firstDeadline = () => {
  const at = new Date(Date.now() + 7 * 86_400_000);
  at.setMinutes(0, 0, 0);
  return localInput(at);
};

interface AskDraft {
  kind: BonusKind;
  prompt: string;
  options: string;
  points: string;
  deadline: string;
}

type AskErrors = Partial<Record<keyof AskDraft, string>>;

const newDraft = (): AskDraft => ({
  kind: 'champion',
  prompt: '',
  options: '',
  points: String(defaultBonusPoints),
  deadline: firstDeadline(),
});

/** League admin: a new question — what it asks, its points and when answers close. */
export const AskQuestionDialog = ({
  leagueId,
  competition,
  clubs,
  open,
  onOpenChange,
}: {
  leagueId: string;
  competition: string;
  clubs: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const ask = useAskQuestion(leagueId);
  const [draft, setDraft] = useState<AskDraft>(newDraft);
  const [errors, setErrors] = useState<AskErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof AskDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const [minPoints, maxPoints] = bonusLimits.points;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: AskErrors = {};
    const points = Number(draft.points.trim());
    if (!/^\d{1,2}$/.test(draft.points.trim()) || points < minPoints || points > maxPoints)
      next.points = t('bonus.form.pointsRange', { min: minPoints, max: maxPoints });
    const deadline = new Date(draft.deadline);
    if (draft.deadline === '' || Number.isNaN(deadline.getTime()))
      next.deadline = t('bonus.form.deadlineMissing');
    else if (deadline.getTime() <= Date.now()) next.deadline = t('errors.BONUS_DEADLINE_PAST');
    const free = draft.kind === 'free';
    const prompt = draft.prompt.trim();
    const options = draft.options
      .split('\n')
      .map((o) => o.trim())
      .filter((o) => o !== '');
    if (free && (prompt.length < bonusLimits.prompt[0] || prompt.length > bonusLimits.prompt[1]))
      next.prompt = t('bonus.form.promptRange', {
        min: bonusLimits.prompt[0],
        max: bonusLimits.prompt[1],
      });
    if (free) {
      const [fewest, most] = bonusLimits.options;
      if (options.length < fewest || options.length > most)
        next.options = t('bonus.form.optionsRange', { min: fewest, max: most });
      else if (new Set(options.map(answerKey)).size !== options.length)
        next.options = t('bonus.form.optionsDiffer');
      else if (options.some((o) => o.length > bonusLimits.option[1]))
        next.options = t('bonus.form.optionTooLong', { max: bonusLimits.option[1] });
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    ask.mutate(
      {
        kind: draft.kind,
        points,
        deadline: deadline.toISOString(),
        ...(free ? { prompt, options } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('bonus.form.asked'));
          onOpenChange(false);
        },
        onError: (error) => setFailure(leagueError(error)),
      },
    );
  };

  const needsClubs = draft.kind === 'champion' || draft.kind === 'relegated';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setDraft(newDraft());
          setErrors({});
          setFailure(null);
        }
        onOpenChange(next);
      }}
      title={t('bonus.form.title')}
      description={t('bonus.form.text')}
      closeLabel={t('common.close')}
      testId="bonus-ask-dialog"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <Field label={t('bonus.form.kind')}>
          <Select
            value={draft.kind}
            onChange={(e) => set('kind', e.target.value)}
            data-testid="bonus-kind"
          >
            {bonusKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`bonus.kind.${kind}`)}
              </option>
            ))}
          </Select>
        </Field>
        {draft.kind === 'free' ? (
          <>
            <Field label={t('bonus.form.prompt')} error={errors.prompt ?? null}>
              <Input
                value={draft.prompt}
                maxLength={bonusLimits.prompt[1]}
                onChange={(e) => set('prompt', e.target.value)}
                data-testid="bonus-prompt"
              />
            </Field>
            <Field
              label={t('bonus.form.options')}
              hint={t('bonus.form.optionsHint')}
              error={errors.options ?? null}
            >
              <Textarea
                rows={4}
                value={draft.options}
                onChange={(e) => set('options', e.target.value)}
                data-testid="bonus-options"
              />
            </Field>
          </>
        ) : (
          <p
            className="rounded-lg bg-surface-muted p-3 text-sm text-fg"
            data-testid="bonus-preview"
          >
            {t(`bonus.ask.${draft.kind}`, { competition })}{' '}
            <span className="text-fg-muted">
              {needsClubs
                ? t('bonus.form.clubsNote', { count: clubs.length })
                : t('bonus.form.typedNote')}
            </span>
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('bonus.form.points')}
            hint={t('bonus.form.pointsRange', { min: minPoints, max: maxPoints })}
            error={errors.points ?? null}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={minPoints}
              max={maxPoints}
              value={draft.points}
              onChange={(e) => set('points', e.target.value)}
              data-testid="bonus-points"
            />
          </Field>
          <Field
            label={t('bonus.form.deadline')}
            hint={t('bonus.form.deadlineHint')}
            error={errors.deadline ?? null}
          >
            <Input
              type="datetime-local"
              value={draft.deadline}
              onChange={(e) => set('deadline', e.target.value)}
              data-testid="bonus-deadline"
            />
          </Field>
        </div>
        <DialogActions
          cancelLabel={t('leagues.cancel')}
          onCancel={() => onOpenChange(false)}
          submitLabel={t('bonus.form.submit')}
          busyLabel={t('bonus.form.busy')}
          busy={ask.isPending}
          testId="bonus-ask"
        />
      </form>
    </Dialog>
  );
};
