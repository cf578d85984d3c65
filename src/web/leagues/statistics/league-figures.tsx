import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Clock, Scale } from 'lucide-react';
import { drawsLeaderMinPredictions, noGoalMinute } from '../../../domain/statistics-rules';
import { Card } from '../../ui/card';
import { QueryView } from '../../ui/query-view';
import { statisticsQueryOptions } from '../shared/api';
import { usePercent } from './team-statistics';
import { useLeagueError } from '../shared/use-league-error';

/**
 * The league's figures over its played fixtures: who calls draws most (share of their scored
 * picks) and the first-goal minutes predicted most.
 */
export const LeagueFigures = ({
  leagueId,
  season,
}: {
  leagueId: string;
  season: string | null;
}) => {
  const { t } = useTranslation();
  const percent = usePercent();
  const leagueError = useLeagueError();
  const stats = useQuery(statisticsQueryOptions(leagueId, { season }));
  const minuteLabel = (minute: number) =>
    minute === noGoalMinute ? t('leagueStats.noGoal') : t('leagueStats.minute', { minute });
  return (
    <QueryView
      query={stats}
      errorTitle={t('leagueStats.loadError')}
      errorMessage={leagueError}
      rows={2}
    >
      {({ league }) =>
        league.scoredPredictions === 0 ? (
          <p className="text-sm text-fg-muted" data-testid="league-figures">
            {t('leagueStats.empty')}
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2" data-testid="league-figures">
            <Card className="flex flex-col gap-2 p-4 sm:p-5">
              <h3 className="flex items-center gap-2 font-bold text-fg">
                <Scale aria-hidden="true" className="size-5 text-brand-text" />
                {t('leagueStats.drawsTitle')}
              </h3>
              {league.drawsLeaders.length === 0 ? (
                <p className="text-sm text-fg-muted">
                  {t('leagueStats.drawsEmpty', { count: drawsLeaderMinPredictions })}
                </p>
              ) : (
                <ol className="flex flex-col gap-1.5" data-testid="draws-leaders">
                  {league.drawsLeaders.map((leader, i) => (
                    <li key={leader.teamId} className="flex items-baseline justify-between gap-3">
                      <span className="min-w-0 break-words text-fg">
                        <span className="mr-2 font-bold tabular-nums text-fg-muted">{i + 1}</span>
                        {leader.teamName}
                      </span>
                      <span className="shrink-0 text-sm tabular-nums text-fg-muted">
                        <span className="font-bold text-fg">
                          {percent.format(leader.draws / leader.predictions)}
                        </span>{' '}
                        {t('leagueStats.drawsOf', {
                          draws: leader.draws,
                          count: leader.predictions,
                        })}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
            <Card className="flex flex-col gap-2 p-4 sm:p-5">
              <h3 className="flex items-center gap-2 font-bold text-fg">
                <Clock aria-hidden="true" className="size-5 text-brand-text" />
                {t('leagueStats.minutesTitle')}
              </h3>
              <ol className="flex flex-col gap-1.5" data-testid="top-minutes">
                {league.topMinutes.map((m, i) => (
                  <li key={m.minute} className="flex items-baseline justify-between gap-3">
                    <span className={i === 0 ? 'text-lg font-extrabold text-fg' : 'text-fg'}>
                      {minuteLabel(m.minute)}
                    </span>
                    <span className="text-sm tabular-nums text-fg-muted">
                      {t('leagueStats.picks', { count: m.predictions })}
                    </span>
                  </li>
                ))}
              </ol>
              <p className="mt-auto text-xs text-fg-muted">
                {t('leagueStats.scoredPredictions', { count: league.scoredPredictions })}
              </p>
            </Card>
          </div>
        )
      }
    </QueryView>
  );
};
