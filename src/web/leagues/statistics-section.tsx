import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../ui/card';
import type { TeamStatistics } from './api';
import { LeagueFigures } from './league-figures';
import { StatisticsTable } from './statistics-table';
import { TeamStatisticsDialog } from './team-statistics';

/**
 * The standings page's statistics: the league's figures, the page's teams with their counts, and
 * one team's statistics in a dialog when its name is chosen.
 */
export const StatisticsSection = ({
  leagueId,
  season,
  rows,
}: {
  leagueId: string;
  season: string | null;
  rows: TeamStatistics[];
}) => {
  const { t } = useTranslation();
  const [team, setTeam] = useState<{ id: string; name: string } | null>(null);
  return (
    <section aria-labelledby="standings-statistics" className="mt-8 flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="standings-statistics" className="text-xl font-bold text-fg">
          {t('leagues.stats.title')}
        </h2>
        <p className="text-sm text-fg-muted">{t('leagues.stats.subtitle')}</p>
      </div>
      <LeagueFigures leagueId={leagueId} season={season} />
      {rows.length > 0 ? (
        <Card className="p-3 sm:p-4">
          <p className="mb-2 text-sm text-fg-muted">{t('leagues.stats.tableHint')}</p>
          <StatisticsTable rows={rows} onOpen={setTeam} />
        </Card>
      ) : null}
      <TeamStatisticsDialog
        leagueId={leagueId}
        season={season}
        team={team}
        onClose={() => setTeam(null)}
      />
    </section>
  );
};
