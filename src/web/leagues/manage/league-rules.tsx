import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Scale } from 'lucide-react';
import {
  defaultLeagueRules,
  hasNearMiss,
  ruleKeys,
  ruleRanges,
  type LeagueRules,
} from '../../../domain/league-rules';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { SettingSwitch } from '../../ui/setting-switch';
import { Notice } from '../../ui/state';
import { toast } from '../../ui/toast';
import { useUpdateLeague } from '../shared/api';
import { useLeagueError } from '../shared/use-league-error';

/** The league's rules as a short list (everyone), with 'Edit rules' for its admin. */
export const LeagueRulesCard = ({
  league,
  editable = false,
  heading,
}: {
  league: { id: string; name: string; rules: LeagueRules };
  editable?: boolean;
  /** Names the league (a page that is not the league's own). */
  heading?: string;
}) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { rules } = league;
  const custom = ruleKeys.some((key) => rules[key] !== defaultLeagueRules[key]);
  const row = (label: string, value: string, testId: string) => (
    <div className="flex items-baseline justify-between gap-3 py-2" data-testid={testId}>
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="text-right text-sm font-semibold text-fg tabular-nums">{value}</dd>
    </div>
  );
  return (
    <Card className="flex flex-col gap-3" data-testid="league-rules">
      <h2 className="flex items-center gap-2 text-lg font-bold text-fg">
        <Scale aria-hidden="true" className="size-5 shrink-0 text-brand-text" />
        {heading ? t('leagues.rules.titleOf', { league: heading }) : t('leagues.rules.title')}
      </h2>
      <p className="text-sm text-fg-muted">
        {custom ? t('leagues.rules.custom') : t('leagues.rules.standard')}
      </p>
      <dl className="flex flex-col divide-y divide-line">
        {row(
          t('leagues.rules.outcomePoints'),
          t('leagues.rules.points', { count: rules.outcomePoints }),
          'rules-outcome',
        )}
        {row(
          t('leagues.rules.minutePoints'),
          t('leagues.rules.points', { count: rules.minutePoints }),
          'rules-minute',
        )}
        {hasNearMiss(rules)
          ? row(
              t('leagues.rules.nearMissRow', { minutes: rules.nearMissMinutes }),
              t('leagues.rules.points', { count: rules.nearMissPoints }),
              'rules-near-miss-row',
            )
          : null}
        {row(
          t('leagues.rules.jokers'),
          t('leagues.rules.jokerCount', { count: rules.jokers }),
          'rules-jokers',
        )}
        {row(
          t('leagues.rules.deadline'),
          rules.lockMinutesBefore === 0
            ? t('leagues.rules.atKickoff')
            : t('leagues.rules.beforeKickoff', { count: rules.lockMinutesBefore }),
          'rules-deadline',
        )}
      </dl>
      {editable ? (
        <>
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => setEditing(true)}
            data-testid="rules-edit"
          >
            <Pencil aria-hidden="true" className="size-4" />
            {t('leagues.rules.edit')}
          </Button>
          <RulesDialog league={league} open={editing} onOpenChange={setEditing} />
        </>
      ) : null}
    </Card>
  );
};

type Draft = Record<keyof LeagueRules, string>;

/** The form's fields: the rule, its label and its hint (locale keys). */
const mainFields: [keyof LeagueRules, string, string][] = [
  ['outcomePoints', 'leagues.rules.outcomePoints', 'leagues.rules.rangeHint'],
  ['minutePoints', 'leagues.rules.minutePoints', 'leagues.rules.rangeHint'],
  ['jokers', 'leagues.rules.jokers', 'leagues.rules.jokersHint'],
  ['lockMinutesBefore', 'leagues.rules.lockMinutes', 'leagues.rules.lockHint'],
];
const nearMissFields: [keyof LeagueRules, string, string][] = [
  ['nearMissPoints', 'leagues.rules.nearMissPoints', 'leagues.rules.rangeHint'],
  ['nearMissMinutes', 'leagues.rules.nearMissMinutes', 'leagues.rules.nearMissMinutesHint'],
];

const draftOf = (rules: LeagueRules): Draft =>
  Object.fromEntries(ruleKeys.map((key) => [key, String(rules[key])])) as Draft;

/** The whole number a field holds, when it is one in the rule's range. */
const valueOf = (key: keyof LeagueRules, text: string) => {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  const [min, max] = ruleRanges[key];
  return value >= min && value <= max ? value : null;
};

const RulesDialog = ({
  league,
  open,
  onOpenChange,
}: {
  league: { id: string; rules: LeagueRules };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const update = useUpdateLeague(league.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(league.rules));
  const [nearMiss, setNearMiss] = useState(hasNearMiss(league.rules));
  const [errors, setErrors] = useState<Partial<Record<keyof LeagueRules, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setDraft(draftOf(league.rules));
    setNearMiss(hasNearMiss(league.rules));
    setErrors({});
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: Partial<Record<keyof LeagueRules, string>> = {};
    const values = {} as LeagueRules;
    for (const key of ruleKeys) {
      const shown = nearMiss || (key !== 'nearMissPoints' && key !== 'nearMissMinutes');
      const value = shown ? valueOf(key, draft[key]) : 0;
      if (value === null) {
        const [min, max] = ruleRanges[key];
        next[key] = t('leagues.rules.range', { min, max });
      } else values[key] = value;
    }
    if (nearMiss && values.nearMissPoints === 0 && !next.nearMissPoints)
      next.nearMissPoints = t('leagues.rules.range', { min: 1, max: ruleRanges.nearMissPoints[1] });
    if (nearMiss && values.nearMissMinutes === 0 && !next.nearMissMinutes)
      next.nearMissMinutes = t('leagues.rules.range', {
        min: 1,
        max: ruleRanges.nearMissMinutes[1],
      });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const change = Object.fromEntries(
      ruleKeys.filter((key) => values[key] !== league.rules[key]).map((key) => [key, values[key]]),
    );
    if (Object.keys(change).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { rules: change },
      {
        onSuccess: () => {
          toast.success(t('leagues.rules.saved'));
          onOpenChange(false);
        },
        onError: (error) => setFailure(leagueError(error)),
      },
    );
  };

  const hintOf = (key: keyof LeagueRules, hint: string, min = ruleRanges[key][0]) =>
    t(hint, { min, max: ruleRanges[key][1] });
  const numberField = (key: keyof LeagueRules, label: string, hint: string) => (
    <Field key={key} label={label} hint={hint} error={errors[key] ?? null}>
      <Input
        type="number"
        inputMode="numeric"
        min={ruleRanges[key][0]}
        max={ruleRanges[key][1]}
        step={1}
        value={draft[key]}
        onChange={(e) => {
          setDraft((d) => ({ ...d, [key]: e.target.value }));
          setErrors((all) => ({ ...all, [key]: undefined }));
        }}
        data-testid={`rules-input-${key}`}
      />
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) reset();
        onOpenChange(next);
      }}
      title={t('leagues.rules.editTitle')}
      description={t('leagues.rules.editText')}
      closeLabel={t('common.close')}
      testId="rules-dialog"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {mainFields.map(([key, label, hint]) => numberField(key, t(label), hintOf(key, hint)))}
        </div>
        <SettingSwitch
          id="rules-near-miss"
          label={t('leagues.rules.nearMiss')}
          hint={t('leagues.rules.nearMissHint')}
          checked={nearMiss}
          onCheckedChange={(on) => {
            setNearMiss(on);
            if (on && valueOf('nearMissPoints', draft.nearMissPoints) === 0)
              setDraft((d) => ({ ...d, nearMissPoints: '1', nearMissMinutes: '2' }));
          }}
          testId="rules-near-miss"
        />
        {nearMiss ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {nearMissFields.map(([key, label, hint]) =>
              numberField(key, t(label), hintOf(key, hint, 1)),
            )}
          </div>
        ) : null}
        <p className="text-sm text-fg-muted">{t('leagues.rules.seasonNote')}</p>
        <DialogActions
          cancelLabel={t('leagues.cancel')}
          onCancel={() => onOpenChange(false)}
          submitLabel={t('leagues.rules.save')}
          busyLabel={t('leagues.rules.saving')}
          busy={update.isPending}
          testId="rules"
        />
      </form>
    </Dialog>
  );
};
