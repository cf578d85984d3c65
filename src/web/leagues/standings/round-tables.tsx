import { useTranslation } from 'react-i18next';
import { Award } from 'lucide-react';
import { Card } from '../../ui/card';
import { Celebration } from '../../ui/celebration';
import { Select } from '../../ui/select';
import type { StandingsRound } from '../shared/api';
import { cn } from '../../ui/cn';
import { StandingsTable } from './standings-table';
import { translateRound } from '../../lib/round-names';

/**
 * Round (gameweek) tables: pick a round to see its table (the page shown above) and its
 * winner(s). Rounds come from the server latest first; ties are ranked like the overall table
 * (docs/design.md §3). A round's rows come with the page asked for, so picking one asks the server.
 */
export const RoundTables = ({
  rounds,
  selected,
  onSelect,
  busy,
}: {
  rounds: StandingsRound[];
  selected: string | null;
  onSelect: (round: string) => void;
  busy: boolean;
}) => {
  const { t } = useTranslation();
  const table = rounds.find((r) => r.round === selected) ?? rounds[0];
  if (!table) return null;
  const names = table.winners.map((w) => w.teamName).join(', ');
  const more = table.winnerCount - table.winners.length;
  const teams = more > 0 ? `${names} ${t('leagues.rounds.more', { count: more })}` : names;
  // The viewer's own team among the round's winners: a moment to celebrate (once it is over).
  const won = table.complete ? table.winners.find((w) => w.mine) : undefined;
  return (
    <section className="mt-8" aria-labelledby="round-tables-title" data-testid="round-tables">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="round-tables-title" className="text-xl font-bold text-fg">
          {t('leagues.rounds.title')}
        </h2>
        <label className="flex flex-col gap-1 text-sm font-semibold text-fg">
          {t('leagues.rounds.pick')}
          <Select
            value={table.round}
            onChange={(e) => onSelect(e.target.value)}
            data-testid="round-select"
          >
            {rounds.map((r) => (
              <option key={r.round} value={r.round}>
                {translateRound(t, r.round)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <Card className={cn('p-3 transition-opacity sm:p-4', busy && 'opacity-60')} aria-busy={busy}>
        <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="flex items-center gap-2 font-semibold text-fg" data-testid="round-winners">
            <Award aria-hidden="true" className="size-5 shrink-0 text-brand-text" />
            {table.winnerCount === 0
              ? t('leagues.rounds.noWinner')
              : table.complete
                ? t('leagues.rounds.winners', { count: table.winnerCount, teams })
                : t('leagues.rounds.leading', { count: table.winnerCount, teams })}
          </p>
          {won ? (
            <Celebration
              id={`round:${won.teamId}:${table.round}`}
              label={t('leagues.rounds.youWon')}
            />
          ) : null}
        </div>
        <StandingsTable rows={table.rows} testId="round-table" />
      </Card>
    </section>
  );
};
