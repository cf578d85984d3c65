import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import type { StandingsRow } from '../shared/api';
import { RankingTable, type RankingColumn } from '../shared/ranking-table';

interface StandingsTableProps {
  rows: StandingsRow[];
  /** The extra columns (exact minutes, correct outcomes) on wide screens. */
  detailed?: boolean;
  /** The league asked bonus questions: their points get a column of their own. */
  bonus?: boolean;
  testId: string;
}

/**
 * Rank, Team Name, Manager, Points (spec §2.10): ranks as the server gives them (shared on
 * ties), medals for 1-3, your rows highlighted. A table from 768 px, cards below.
 */
export const StandingsTable = ({
  rows,
  detailed = false,
  bonus = false,
  testId,
}: StandingsTableProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  const wide = 'hidden px-3 py-2 text-right font-semibold lg:table-cell';
  const wideCell = 'hidden px-3 py-2 text-right tabular-nums lg:table-cell';
  const trail: RankingColumn<StandingsRow>[] = [
    ...(detailed
      ? [
          {
            key: 'exactMinutes',
            header: t('leagues.standings.exactMinutes'),
            headerClassName: wide,
            className: wideCell,
            cell: (row: StandingsRow) => format.number(row.exactMinutes),
          },
          {
            key: 'correctOutcomes',
            header: t('leagues.standings.correctOutcomes'),
            headerClassName: wide,
            className: wideCell,
            cell: (row: StandingsRow) => format.number(row.correctOutcomes),
          },
        ]
      : []),
    ...(bonus
      ? [
          {
            key: 'bonus',
            header: t('leagues.standings.bonus'),
            headerClassName: 'px-3 py-2 text-right font-semibold',
            className: 'px-3 py-2 text-right tabular-nums',
            testId: `${testId}-bonus`,
            cell: (row: StandingsRow) => format.number(row.bonusPoints),
          },
        ]
      : []),
    {
      key: 'points',
      header: t('leagues.standings.points'),
      headerClassName: 'px-3 py-2 text-right font-semibold',
      className: 'px-3 py-2 text-right text-base font-bold tabular-nums text-fg',
      cell: (row) => format.number(row.points),
    },
  ];
  return (
    <RankingTable
      rows={rows}
      testId={testId}
      caption={t('leagues.standings.title')}
      rank={(row) => ({ rank: row.rank, medal: row.points > 0 })}
      trail={trail}
      cardTrail={(row) => (
        <span className="flex flex-col items-end">
          <span className="text-lg font-bold tabular-nums text-fg">
            {format.number(row.points)}
          </span>
          <span className="text-xs text-fg-muted">
            {bonus && row.bonusPoints > 0
              ? t('leagues.standings.ptsWithBonus', {
                  count: row.points,
                  bonus: format.number(row.bonusPoints),
                })
              : t('leagues.standings.pts', { count: row.points })}
          </span>
        </span>
      )}
    />
  );
};
