import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { useFormat } from '../../lib/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { QueryView } from '../../ui/query-view';
import { statisticsQueryOptions, type TeamStatisticsData } from '../shared/api';
import { RoundsChart } from './rounds-chart';
import { useLeagueError } from '../shared/use-league-error';

/** Shares as percentages in the interface language ('67 %' in French). */
export const usePercent = () => {
  const { i18n } = useTranslation();
  return useMemo(
    () => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }),
    [i18n.language],
  );
};

const Tile = ({ label, value, detail }: { label: string; value: string; detail?: string }) => (
  <div className="flex flex-col gap-0.5 rounded-xl bg-surface-muted p-3">
    <dt className="text-xs font-medium text-fg-muted">{label}</dt>
    <dd className="text-xl font-extrabold tabular-nums text-fg">{value}</dd>
    {detail ? <dd className="text-xs text-fg-muted">{detail}</dd> : null}
  </div>
);

/** One team's statistics: four figures, its points per round and its place over the season. */
export const TeamStatisticsView = ({ stats }: { stats: TeamStatisticsData }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = usePercent();
  return (
    <div className="flex flex-col gap-5" data-testid="team-stats">
      <dl className="grid grid-cols-2 gap-2">
        <Tile
          label={t('leagueStats.accuracy')}
          value={percent.format(stats.accuracy)}
          detail={t('leagueStats.accuracyDetail', {
            correct: stats.correctOutcomes,
            count: stats.scoredPredictions,
          })}
        />
        <Tile label={t('leagueStats.exactMinutes')} value={format.number(stats.exactMinutes)} />
        <Tile
          label={t('leagueStats.jokers')}
          value={t('leagueStats.jokerPoints', { count: stats.jokerPoints })}
          detail={t('leagueStats.jokersUsed', { count: stats.jokersUsed })}
        />
        <Tile
          label={t('leagueStats.bestRound')}
          value={
            stats.bestRound ? t('leagueStats.roundPoints', { count: stats.bestRound.points }) : '—'
          }
          detail={stats.bestRound?.round ?? t('leagueStats.noPointsYet')}
        />
      </dl>
      <p className="text-sm text-fg">
        {t('leagueStats.placeNow', { rank: stats.rank, teams: stats.teams })}
      </p>
      {stats.rounds.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('leagueStats.noRounds')}</p>
      ) : (
        <RoundsChart rounds={stats.rounds} teams={stats.teams} teamName={stats.teamName} />
      )}
      <p className="text-xs text-fg-muted">{t('leagueStats.tiesNote')}</p>
    </div>
  );
};

interface DialogProps {
  leagueId: string;
  season?: string | null | undefined;
  /** The team shown; null: closed. */
  team: { id: string; name: string } | null;
  onClose: () => void;
}

/** A team's statistics in a dialog (standings and My Teams open the same one). */
export const TeamStatisticsDialog = ({ leagueId, season, team, onClose }: DialogProps) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  // The last team shown stays while the dialog closes (its title does not flash empty).
  const [last, setLast] = useState(team);
  if (team !== null && team.id !== last?.id) setLast(team);
  const shown = team ?? last;
  const stats = useQuery({
    ...statisticsQueryOptions(leagueId, { season, teamId: shown?.id ?? '' }),
    enabled: shown !== null,
  });
  return (
    <Dialog
      open={team !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('leagueStats.dialogTitle', { team: shown?.name ?? '' })}
      description={t('leagueStats.dialogSubtitle')}
      closeLabel={t('leagueStats.close')}
      className="max-w-lg"
      testId="team-stats-dialog"
    >
      <QueryView
        query={stats}
        errorTitle={t('leagueStats.loadError')}
        errorMessage={leagueError}
        rows={4}
      >
        {(data) => (data.team ? <TeamStatisticsView stats={data.team} /> : null)}
      </QueryView>
    </Dialog>
  );
};

/** My Teams: a team's figures in one line, and the way to its full statistics. */
export const TeamStatsSummary = ({
  leagueId,
  team,
}: {
  leagueId: string;
  team: { id: string; name: string };
}) => {
  const { t } = useTranslation();
  const percent = usePercent();
  const [open, setOpen] = useState(false);
  const stats = useQuery(statisticsQueryOptions(leagueId, { teamId: team.id }));
  const data = stats.data?.team;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface-muted px-3 py-2"
      data-testid="team-stats-summary"
    >
      <div className="flex min-w-0 flex-col">
        <span className="break-words text-sm font-semibold text-fg">{team.name}</span>
        <span className="text-xs text-fg-muted">
          {data
            ? t('leagueStats.summary', {
                accuracy: percent.format(data.accuracy),
                count: data.exactMinutes,
                rank: data.rank,
                teams: data.teams,
              })
            : stats.isError
              ? t('leagueStats.loadError')
              : '…'}
        </span>
      </div>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={t('leagues.statistics.openTeam', { team: team.name })}
        data-testid="team-stats-open"
      >
        <BarChart3 aria-hidden="true" className="size-4" />
        {t('leagueStats.open')}
      </Button>
      <TeamStatisticsDialog
        leagueId={leagueId}
        team={open ? team : null}
        onClose={() => setOpen(false)}
      />
    </div>
  );
};
