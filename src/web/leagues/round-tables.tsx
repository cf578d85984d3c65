import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Award } from 'lucide-react';
import { Card } from '../ui/card';
import { Select } from '../ui/select';
import type { StandingsRow } from './api';
import { StandingsTable } from './standings-table';

export interface RoundTable {
  round: string;
  winners: StandingsRow[];
  rows: StandingsRow[];
}

/**
 * Round (gameweek) tables: pick a round to see its table and its winner(s). Rounds come from
 * the server latest first; ties are ranked like the overall table (DESIGN §3).
 */
export const RoundTables = ({ rounds }: { rounds: RoundTable[] }) => {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(rounds[0]?.round ?? '');
  const table = rounds.find((r) => r.round === selected) ?? rounds[0];
  if (!table) return null;
  const winners = table.winners.map((w) => w.teamName);
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
            onChange={(e) => setSelected(e.target.value)}
            data-testid="round-select"
          >
            {rounds.map((r) => (
              <option key={r.round} value={r.round}>
                {r.round}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <Card className="p-3 sm:p-4">
        <p
          className="mb-3 flex items-center gap-2 font-semibold text-fg"
          data-testid="round-winners"
        >
          <Award aria-hidden="true" className="size-5 text-brand-text" />
          {winners.length === 0
            ? t('leagues.rounds.noWinner')
            : t('leagues.rounds.winners', { count: winners.length, teams: winners.join(', ') })}
        </p>
        <StandingsTable rows={table.rows} testId="round-table" />
      </Card>
    </section>
  );
};
