import { Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../lib/lazy-named';
import { useNearView } from '../../lib/use-near-view';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import type { TeamStatistics } from '../shared/api';
import { LeagueFigures } from './league-figures';
import { StatisticsTable } from './statistics-table';
import type { TeamStatisticsDialog as DialogType } from './team-statistics';

// A team's statistics (the charts) load with the first team chosen, not with the page.
const TeamStatisticsDialog = lazyNamed<'TeamStatisticsDialog', ComponentProps<typeof DialogType>>(
  () => import('./team-statistics'),
  'TeamStatisticsDialog',
);

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
  const [opened, setOpened] = useState(false);
  // Below the table: the league's figures are fetched when the section comes near the screen.
  const { ref, near } = useNearView<HTMLElement>();
  const open = (chosen: { id: string; name: string }) => {
    setOpened(true);
    setTeam(chosen);
  };
  return (
    <section ref={ref} aria-labelledby="standings-statistics" className="mt-8 flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="standings-statistics" className="text-xl font-bold text-fg">
          {t('leagueStats.title')}
        </h2>
        <p className="text-sm text-fg-muted">{t('leagueStats.subtitle')}</p>
      </div>
      {near ? (
        <LeagueFigures leagueId={leagueId} season={season} />
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
      {rows.length > 0 ? (
        <Card className="p-3 sm:p-4">
          <p className="mb-2 text-sm text-fg-muted">{t('leagueStats.tableHint')}</p>
          <StatisticsTable rows={rows} onOpen={open} />
        </Card>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <TeamStatisticsDialog
            leagueId={leagueId}
            season={season}
            team={team}
            onClose={() => setTeam(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
};
