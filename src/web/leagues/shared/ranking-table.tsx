import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { RankBadge } from './medal';
import { managerLabel } from '../../lib/manager-name';

/** What every row of a league table has: the team, its manager, whether it is the viewer's. */
export interface RankedTeam {
  teamId: string;
  teamName: string;
  manager: string;
  mine: boolean;
}

/** A column of the wide table besides rank, team and manager. */
export interface RankingColumn<Row> {
  key: string;
  header: ReactNode;
  /** The header cell's classes. */
  headerClassName: string;
  /** Each body cell's classes. */
  className: string;
  cell: (row: Row) => ReactNode;
  /** `data-testid` of each body cell. */
  testId?: string;
}

interface RankingTableProps<Row extends RankedTeam> {
  rows: Row[];
  testId: string;
  /** The table's (screen reader) caption. */
  caption: string;
  /** The rank shown, and whether ranks 1-3 earn a medal (not before anyone scored). */
  rank: (row: Row) => { rank: number; medal: boolean };
  /** Columns between the rank and the team (the live table's movement). */
  lead?: RankingColumn<Row>[];
  /** Columns after the manager (points, and whatever comes before them). */
  trail: RankingColumn<Row>[];
  /** On a card, beside the manager under the team (the live table's movement). */
  cardLead?: (row: Row) => ReactNode;
  /** On a card, after the team and its manager: the points. */
  cardTrail: (row: Row) => ReactNode;
}

/**
 * A league table, confirmed or live: ranks with medals for 1-3, your rows highlighted, a table
 * from 768 px and cards below. The confirmed standings (StandingsTable) and the live table
 * (LiveTableSwitch) differ only in the columns they add.
 */
export const RankingTable = <Row extends RankedTeam>({
  rows,
  testId,
  caption,
  rank,
  lead = [],
  trail,
  cardLead,
  cardTrail,
}: RankingTableProps<Row>) => {
  const { t } = useTranslation();
  const badge = (row: Row) => {
    const shown = rank(row);
    return (
      <RankBadge
        rank={shown.rank}
        label={t('leagues.standings.medal', { rank: shown.rank })}
        medal={shown.medal}
      />
    );
  };
  const headers = (columns: RankingColumn<Row>[]) =>
    columns.map((column) => (
      <th key={column.key} scope="col" className={column.headerClassName}>
        {column.header}
      </th>
    ));
  const cells = (columns: RankingColumn<Row>[], row: Row) =>
    columns.map((column) => (
      <td key={column.key} className={column.className} data-testid={column.testId}>
        {column.cell(row)}
      </td>
    ));
  return (
    <div data-testid={testId}>
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-fg-muted">
            <th scope="col" className="w-20 px-3 py-2 font-semibold">
              {t('leagues.standings.rank')}
            </th>
            {headers(lead)}
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('leagues.standings.team')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('leagues.standings.manager')}
            </th>
            {headers(trail)}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.teamId}
              data-testid={`${testId}-row`}
              aria-current={row.mine ? 'true' : undefined}
              className={cn('border-b border-line last:border-0', row.mine && 'bg-success-soft')}
            >
              <td className="px-3 py-2">{badge(row)}</td>
              {cells(lead, row)}
              <td className="px-3 py-2 font-semibold text-fg">
                <span className="inline-flex items-center gap-2">
                  {row.teamName}
                  {row.mine ? <YouBadge label={t('leagues.you')} /> : null}
                </span>
              </td>
              <td className="px-3 py-2 text-fg-muted">{managerLabel(t, row.manager)}</td>
              {cells(trail, row)}
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li
            key={row.teamId}
            aria-current={row.mine ? 'true' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-xl border border-line p-3',
              row.mine ? 'bg-success-soft' : 'bg-surface',
            )}
          >
            {badge(row)}
            <div className="flex min-w-0 flex-1 flex-col">
              {/* Whole names, on two lines where needed (issue 54): never cut to 'Dana Dyn…'. */}
              <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-semibold text-fg">
                <span className="min-w-0 break-words" data-testid="ranking-card-name">
                  {row.teamName}
                </span>
                {row.mine ? <YouBadge label={t('leagues.you')} /> : null}
              </span>
              {/* The manager, with what the card adds (the live table's move) beside it. */}
              <span className="flex flex-wrap items-center gap-x-2 text-sm text-fg-muted">
                <span className="min-w-0 break-words">{managerLabel(t, row.manager)}</span>
                {cardLead?.(row)}
              </span>
            </div>
            {cardTrail(row)}
          </li>
        ))}
      </ol>
    </div>
  );
};

/** Marks your own rows; solid so it stays visible on the highlighted row. */
export const YouBadge = ({ label }: { label: string }) => (
  <span className="inline-flex items-center rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">
    {label}
  </span>
);
