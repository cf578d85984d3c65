import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Check, CircleHelp, Lock, Plus, X } from 'lucide-react';
import { typedKinds } from '../../../domain/bonus-rules';
import { useFormat } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { QueryView } from '../../ui/query-view';
import { Select } from '../../ui/select';
import { toast } from '../../ui/toast';
import {
  bonusQueryOptions,
  useAnswerQuestion,
  type BonusItem,
  type BonusList,
} from '../shared/api';
import { AskQuestionDialog } from './bonus-ask-dialog';
import { RemoveQuestionButton, SettleQuestionButton } from './bonus-dialogs';
import { useLeagueError } from '../shared/use-league-error';

/** The question as players read it: the app words the season's questions, the admin their own. */
export const useQuestionText = (competition: string) => {
  const { t } = useTranslation();
  return (q: Pick<BonusItem, 'kind' | 'prompt'>) =>
    q.kind === 'free' ? (q.prompt ?? '') : t(`bonus.ask.${q.kind}`, { competition });
};

/**
 * The league's bonus questions (issue 14): members answer per team until the deadline; once it
 * passes everybody's answers show as counts; settled, each answer shows its points. The league
 * admin asks, settles and removes questions here.
 */
export const BonusQuestions = ({ league }: { league: { id: string; competitionName: string } }) => {
  const { t } = useTranslation();
  const bonus = useQuery(bonusQueryOptions(league.id));
  const [asking, setAsking] = useState(false);

  return (
    <Card className="flex flex-col gap-4" data-testid="bonus-questions">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-bold text-fg">
          <CircleHelp aria-hidden="true" className="size-5 shrink-0 text-brand-text" />
          {t('bonus.title')}
        </h2>
        {bonus.data?.canManage ? (
          <Button variant="secondary" onClick={() => setAsking(true)} data-testid="bonus-ask">
            <Plus aria-hidden="true" className="size-4" />
            {t('bonus.askButton')}
          </Button>
        ) : null}
      </div>
      {bonus.isPending || bonus.isError ? (
        <QueryView query={bonus} errorTitle={t('bonus.loadError')} rows={2} />
      ) : bonus.data.questions.length === 0 ? (
        <p className="text-sm text-fg-muted" data-testid="bonus-empty">
          {bonus.data.canManage ? t('bonus.emptyAdmin') : t('bonus.empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {bonus.data.questions.map((q) => (
            <QuestionItem
              key={q.id}
              leagueId={league.id}
              competition={league.competitionName}
              question={q}
              list={bonus.data}
            />
          ))}
        </ul>
      )}
      {bonus.data?.canManage ? (
        <AskQuestionDialog
          leagueId={league.id}
          competition={league.competitionName}
          clubs={bonus.data.clubs}
          open={asking}
          onOpenChange={setAsking}
        />
      ) : null}
    </Card>
  );
};

const QuestionItem = ({
  leagueId,
  competition,
  question: q,
  list,
}: {
  leagueId: string;
  competition: string;
  question: BonusItem;
  list: BonusList;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  const text = useQuestionText(competition);
  const settled = q.correct !== null;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="bonus-question">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold text-fg">{text(q)}</h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
          <Badge tone="info">{t('bonus.points', { count: q.points })}</Badge>
          {settled ? (
            <Badge tone="success">{t('bonus.settled')}</Badge>
          ) : q.closed ? (
            <span className="inline-flex items-center gap-1">
              <Lock aria-hidden="true" className="size-3.5" />
              {t('bonus.closedOn', { date: format.dateTime(q.deadline) })}
            </span>
          ) : (
            <span>{t('bonus.closesOn', { date: format.dateTime(q.deadline) })}</span>
          )}
        </p>
      </div>
      {settled ? (
        <p className="text-sm text-fg" data-testid="bonus-correct">
          {t('bonus.rightAnswer', { count: q.correct?.length ?? 0 })}{' '}
          <strong>{q.correct?.join(', ')}</strong>
        </p>
      ) : null}
      {q.closed ? (
        <ClosedAnswers question={q} />
      ) : list.teams.length > 0 ? (
        <div className="flex flex-col gap-3">
          {list.teams.map((team) => (
            <AnswerForm
              key={team.teamId}
              leagueId={leagueId}
              question={q}
              team={team}
              showTeam={list.teams.length > 1}
            />
          ))}
          <p className="text-xs text-fg-muted">{t('bonus.hiddenUntil')}</p>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">{t('bonus.hiddenUntil')}</p>
      )}
      {list.canManage ? (
        <div className="flex flex-wrap gap-2">
          {q.closed ? (
            <SettleQuestionButton leagueId={leagueId} question={q} title={text(q)} />
          ) : null}
          <RemoveQuestionButton leagueId={leagueId} question={q} title={text(q)} />
        </div>
      ) : null}
    </li>
  );
};

/** A team's answer, changeable until the deadline: a pick of the options or a typed name. */
const AnswerForm = ({
  leagueId,
  question: q,
  team,
  showTeam,
}: {
  leagueId: string;
  question: BonusItem;
  team: { teamId: string; teamName: string };
  showTeam: boolean;
}) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const save = useAnswerQuestion(leagueId);
  const saved = q.mine.find((a) => a.teamId === team.teamId)?.answer ?? '';
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const typed = typedKinds.includes(q.kind);
  const label = showTeam ? t('bonus.answerFor', { team: team.teamName }) : t('bonus.yourAnswer');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const answer = draft.trim();
    if (answer === '') {
      setError(t('bonus.answerMissing'));
      return;
    }
    save.mutate(
      { questionId: q.id, teamId: team.teamId, answer },
      {
        onSuccess: (result) => {
          setDraft(result.answer);
          toast.success(t('bonus.answerSaved'));
        },
        onError: (failure) => setError(leagueError(failure)),
      },
    );
  };
  const fieldId = `bonus-${q.id}-${team.teamId}`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-1.5" data-testid="bonus-answer">
      <label htmlFor={fieldId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        {typed ? (
          <Input
            id={fieldId}
            value={draft}
            maxLength={60}
            autoComplete="off"
            placeholder={t('bonus.scorerPlaceholder')}
            invalid={error !== null}
            onChange={(e) => setDraft(e.target.value)}
            className="sm:flex-1"
            data-testid="bonus-answer-input"
          />
        ) : (
          <Select
            id={fieldId}
            value={draft}
            invalid={error !== null}
            onChange={(e) => setDraft(e.target.value)}
            className="sm:flex-1"
            data-testid="bonus-answer-select"
          >
            <option value="">{t('bonus.choose')}</option>
            {q.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        )}
        <Button
          type="submit"
          variant={draft !== saved || saved === '' ? 'primary' : 'secondary'}
          disabled={save.isPending}
          data-testid="bonus-answer-save"
        >
          {saved !== '' && draft === saved ? (
            <>
              <Check aria-hidden="true" className="size-4" />
              {t('bonus.answerKept')}
            </>
          ) : (
            t('bonus.saveAnswer')
          )}
        </Button>
      </div>
      {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
    </form>
  );
};

/** After the deadline: the viewer's answers (with points once settled) and everybody's, counted. */
const ClosedAnswers = ({ question: q }: { question: BonusItem }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const answers = q.answers;
  return (
    <div className="flex flex-col gap-3">
      {q.mine.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm" data-testid="bonus-mine">
          {q.mine.map((a) => (
            <li key={a.teamId} className="flex flex-wrap items-center gap-2">
              <span className="text-fg-muted">{a.teamName}:</span>
              <span className="font-semibold text-fg">{a.answer}</span>
              {a.points === null ? null : a.points > 0 ? (
                <Badge tone="success">
                  <Check aria-hidden="true" className="size-3.5" />
                  {t('bonus.gained', { count: a.points })}
                </Badge>
              ) : (
                <Badge tone="neutral">
                  <X aria-hidden="true" className="size-3.5" />
                  {t('bonus.noPoints')}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {answers && answers.total > 0 ? (
        <div className="flex flex-col gap-2" data-testid="bonus-counts">
          <p className="text-sm text-fg-muted">{t('bonus.answeredBy', { count: answers.total })}</p>
          <ul className="flex flex-col gap-1.5">
            {answers.top.map((a) => {
              const right = q.correct?.some((c) => c.toLowerCase() === a.answer.toLowerCase());
              const share = Math.round((a.teams / answers.total) * 100);
              return (
                <li key={a.answer} className="flex flex-col gap-1 text-sm">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className={right ? 'font-semibold text-fg' : 'text-fg'}>
                      {a.answer}
                      {right ? <span className="sr-only"> {t('bonus.right')}</span> : null}
                    </span>
                    <span className="shrink-0 tabular-nums text-fg-muted">
                      {t('bonus.teams', { count: a.teams, shown: format.number(a.teams) })}
                    </span>
                  </div>
                  <div
                    className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
                    aria-hidden="true"
                  >
                    <div
                      className={right ? 'h-full bg-primary' : 'h-full bg-fg-muted/50'}
                      style={{ width: `${Math.max(share, 2)}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">{t('bonus.noAnswers')}</p>
      )}
    </div>
  );
};
