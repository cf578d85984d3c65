import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag, Trash2 } from 'lucide-react';
import { bonusLimits, typedKinds } from '../../../domain/bonus-rules';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/state';
import { toast } from '../../ui/toast';
import { useRemoveQuestion, useSettleQuestion, type BonusItem } from '../shared/api';
import { useLeagueError } from '../shared/use-league-error';

/**
 * League admin, after the deadline: the right answers (a question may have several, e.g. the
 * relegated teams); a typed question offers the answers given and a field for another name.
 */
export const SettleQuestionButton = ({
  leagueId,
  question: q,
  title,
}: {
  leagueId: string;
  question: BonusItem;
  title: string;
}) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const settle = useSettleQuestion(leagueId);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [other, setOther] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const typed = typedKinds.includes(q.kind);
  const choices = typed ? (q.answers?.top.map((a) => a.answer) ?? []) : q.options;

  const toggle = (value: string, on: boolean) =>
    setChosen((all) => (on ? [...all, value] : all.filter((c) => c !== value)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const correct = [...chosen, ...(typed && other.trim() !== '' ? [other.trim()] : [])];
    if (correct.length === 0) {
      setFailure(t('bonus.settle.missing'));
      return;
    }
    settle.mutate(
      { questionId: q.id, correct },
      {
        onSuccess: () => {
          toast.success(t('bonus.settle.done'));
          setOpen(false);
        },
        onError: (error) => setFailure(leagueError(error)),
      },
    );
  };

  return (
    <>
      <Button
        variant={q.correct === null ? 'primary' : 'secondary'}
        onClick={() => {
          setChosen(q.correct ?? []);
          setOther('');
          setFailure(null);
          setOpen(true);
        }}
        data-testid="bonus-settle"
      >
        <Flag aria-hidden="true" className="size-4" />
        {q.correct === null ? t('bonus.settle.button') : t('bonus.settle.change')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('bonus.settle.title')}
        description={title}
        closeLabel={t('common.close')}
        testId="bonus-settle-dialog"
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 text-sm text-fg-muted">{t('bonus.settle.hint')}</legend>
            <div className="flex max-h-72 flex-col gap-1 overflow-y-auto">
              {choices.map((choice) => (
                <label
                  key={choice}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-muted"
                >
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={chosen.includes(choice)}
                    onChange={(e) => toggle(choice, e.target.checked)}
                    data-testid="bonus-settle-choice"
                  />
                  <span className="text-sm text-fg">{choice}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {typed ? (
            <Field label={t('bonus.settle.other')}>
              <Input
                value={other}
                maxLength={bonusLimits.answer[1]}
                onChange={(e) => setOther(e.target.value)}
                data-testid="bonus-settle-other"
              />
            </Field>
          ) : null}
          <p className="text-sm text-fg-muted">{t('bonus.settle.note')}</p>
          <DialogActions
            cancelLabel={t('leagues.cancel')}
            onCancel={() => setOpen(false)}
            submitLabel={t('bonus.settle.submit')}
            busyLabel={t('bonus.settle.busy')}
            busy={settle.isPending}
            testId="bonus-settle"
          />
        </form>
      </Dialog>
    </>
  );
};

/** League admin: removes a question, its answers and any points it gave (after a confirmation). */
export const RemoveQuestionButton = ({
  leagueId,
  question,
  title,
}: {
  leagueId: string;
  question: BonusItem;
  title: string;
}) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const remove = useRemoveQuestion(leagueId);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    remove.mutateAsync(question.id).then(
      () => {
        toast.success(t('bonus.remove.done'));
        setOpen(false);
      },
      (error: unknown) => setFailure(leagueError(error)),
    );
  };
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} data-testid="bonus-remove">
        <Trash2 aria-hidden="true" className="size-4" />
        {t('bonus.remove.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('bonus.remove.title')}
        description={title}
        closeLabel={t('common.close')}
        testId="bonus-remove-dialog"
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <p className="text-sm text-fg">
            {question.correct === null ? t('bonus.remove.text') : t('bonus.remove.textSettled')}
          </p>
          <DialogActions
            cancelLabel={t('leagues.cancel')}
            onCancel={() => setOpen(false)}
            submitLabel={t('bonus.remove.submit')}
            busyLabel={t('bonus.remove.busy')}
            busy={remove.isPending}
            tone="danger"
            testId="bonus-remove"
          />
        </form>
      </Dialog>
    </>
  );
};
