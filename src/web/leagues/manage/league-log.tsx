import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { ruleKeys, type LeagueRules } from '../../../domain/league-rules';
import { useFormat } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { QueryView } from '../../ui/query-view';
import { logQueryOptions, type LogItem } from '../feed/feed-api';

type TFunction = ReturnType<typeof useTranslation>['t'];

const ruleLabel: Record<keyof LeagueRules, string> = {
  outcomePoints: 'leagues.rules.outcomePoints',
  minutePoints: 'leagues.rules.minutePoints',
  jokers: 'leagues.rules.jokers',
  lockMinutesBefore: 'leagues.rules.lockMinutes',
  nearMissPoints: 'leagues.rules.nearMissPoints',
  nearMissMinutes: 'leagues.rules.nearMissMinutes',
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Who made a change, as the log names them. */
const actorOf = (t: TFunction, entry: LogItem) => {
  const { kind, name } = entry.actor;
  if (kind === 'site_admin') return t('leagues.log.siteAdmin');
  if (kind === 'source') return t(`admin.sources.${name ?? ''}`, { defaultValue: name ?? '' });
  if (kind === 'league_admin') return t('leagues.log.leagueAdmin', { name: name ?? '' });
  return name ?? t('leagues.log.someone');
};

/** One entry as a sentence in the reader's language. */
export const logSentence = (
  t: TFunction,
  entry: LogItem,
  when: (iso: string) => string,
): string => {
  const d = entry.data;
  const actor = actorOf(t, entry);
  const match = { home: text(d.homeTeam), away: text(d.awayTeam) };
  const question = d.question ? text(d.question) : t(`bonus.kind.${text(d.questionKind)}`);
  switch (entry.kind) {
    case 'renamed':
      return t('leagues.log.renamed', { actor, before: text(d.before), after: text(d.after) });
    case 'join_by_name':
      return t(d.after ? 'leagues.log.joinByNameOn' : 'leagues.log.joinByNameOff', { actor });
    case 'rules': {
      const changes = ruleKeys
        .filter((key) => `${key}.after` in d)
        .map((key) =>
          t('leagues.log.ruleChange', {
            rule: t(ruleLabel[key]),
            before: text(d[`${key}.before`]),
            after: text(d[`${key}.after`]),
          }),
        )
        .join('; ');
      return t('leagues.log.rules', { actor, changes });
    }
    case 'invite_code':
      return t('leagues.log.inviteCode', { actor });
    case 'team_removed':
      return t(d.barred ? 'leagues.log.teamRemovedBarred' : 'leagues.log.teamRemoved', {
        actor,
        team: text(d.team),
      });
    case 'bar_lifted':
      return t('leagues.log.barLifted', { actor, team: text(d.team) });
    case 'admin_handed':
      return t('leagues.log.adminHanded', { actor, team: text(d.to) });
    case 'admin_passed':
      return t('leagues.log.adminPassed', { team: text(d.to) });
    case 'bonus_set':
      return t('leagues.log.bonusSet', {
        actor,
        question,
        count: Number(d.points ?? 0),
        deadline: when(text(d.deadline)),
      });
    case 'bonus_settled':
      return t(d.corrected ? 'leagues.log.bonusCorrected' : 'leagues.log.bonusSettled', {
        actor,
        question,
        correct: text(d.correct),
      });
    case 'bonus_removed':
      return t('leagues.log.bonusRemoved', { actor, question });
    case 'result': {
      const after = d['status.after'] === 'final';
      const before = d['status.before'] === 'final';
      const minute = (value: unknown) =>
        value === null || value === undefined ? t('leagues.log.noGoal') : `${text(value)}′`;
      if (after && !before)
        return t('leagues.log.resultConfirmed', {
          actor,
          ...match,
          score: text(d['score.after']),
          minute: minute(d['minute.after']),
        });
      if (after)
        return t('leagues.log.resultCorrected', {
          actor,
          ...match,
          before: `${text(d['score.before'])} (${minute(d['minute.before'])})`,
          after: `${text(d['score.after'])} (${minute(d['minute.after'])})`,
        });
      return t('leagues.log.resultWithdrawn', {
        actor,
        ...match,
        before: text(d['score.before']),
        status: t(`leagues.log.status.${text(d['status.after'])}`),
      });
    }
    case 'fixture_status':
      return t('leagues.log.fixtureStatus', {
        actor,
        ...match,
        status: t(`leagues.log.status.${text(d.after)}`),
      });
    case 'kickoff':
      return t('leagues.log.kickoff', {
        actor,
        ...match,
        before: when(text(d.before)),
        after: when(text(d.after)),
      });
  }
};

/** The league's open log (issue 32): what changed and by whom, newest first. */
export const LeagueLog = ({ leagueId }: { leagueId: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const log = useInfiniteQuery(logQueryOptions(leagueId));
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Card className="flex min-w-0 flex-col gap-3" data-testid="league-log">
      <h2 className="flex items-center gap-2 text-lg font-bold text-fg">
        <ScrollText aria-hidden="true" className="size-5 text-brand-text" />
        {t('leagues.log.title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('leagues.log.explain')}</p>
      {log.isPending || log.isError ? (
        <QueryView query={log} errorTitle={t('leagues.log.loadError')} rows={2} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-fg-muted" data-testid="log-empty">
          {t('leagues.log.empty')}
        </p>
      ) : (
        <ol className="flex flex-col">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-0.5 border-b border-line py-2.5 text-sm last:border-0"
              data-testid="log-entry"
              data-kind={entry.kind}
            >
              <span className="text-fg">{logSentence(t, entry, format.dateTime)}</span>
              <time dateTime={entry.at} className="text-xs text-fg-muted">
                {format.dateTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('leagues.log.older')}
        </Button>
      ) : null}
    </Card>
  );
};
