import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { EmptyState } from '../../ui/state';
import type { TeamStatistics } from '../shared/api';

const columns = ['predictions', 'correctOutcomes', 'exactMinutes', 'jokers', 'points'] as const;

/**
 * The active league's statistics (docs/design.md §4, replacing the spec's SATURDAY table): per team
 * predictions made, correct outcomes, exact minutes, jokers used and points. With `onOpen`, a
 * team's name opens its own statistics.
 */
export const StatisticsTable = ({
  rows,
  onOpen,
}: {
  rows: TeamStatistics[];
  onOpen?: ((team: { id: string; name: string }) => void) | undefined;
}) => {
  const { t } = useTranslation();
  const format = useFormat();
  if (rows.length === 0) return <EmptyState title={t('leagues.statistics.empty')} />;
  const label = (column: (typeof columns)[number]) => t(`leagues.statistics.${column}`);
  const name = (row: TeamStatistics, className: string) =>
    onOpen ? (
      <button
        type="button"
        onClick={() => onOpen({ id: row.teamId, name: row.teamName })}
        aria-label={t('leagues.statistics.openTeam', { team: row.teamName })}
        className={`${className} min-h-11 text-left text-brand-text underline decoration-dotted underline-offset-4 hover:decoration-solid`}
        data-testid="statistics-open"
      >
        {row.teamName}
      </button>
    ) : (
      <span className={className}>{row.teamName}</span>
    );
  return (
    <div data-testid="statistics-table">
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <caption className="sr-only">{t('leagues.statistics.title')}</caption>
        <thead>
          <tr className="border-b border-line text-fg-muted">
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('leagues.standings.team')}
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-right font-semibold">
                {label(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.teamId} className="border-b border-line last:border-0">
              <th scope="row" className="px-3 py-2 font-semibold text-fg">
                {name(row, 'font-semibold')}
              </th>
              {columns.map((c) => (
                <td
                  key={c}
                  className={
                    c === 'points'
                      ? 'px-3 py-2 text-right font-bold tabular-nums text-fg'
                      : 'px-3 py-2 text-right tabular-nums text-fg'
                  }
                >
                  {format.number(row[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li key={row.teamId} className="rounded-xl border border-line p-3">
            <div className="mb-2 flex items-baseline justify-between gap-2">
              {name(row, 'min-w-0 break-words font-semibold text-fg')}
              <span className="shrink-0 font-bold tabular-nums text-fg">
                {t('leagues.fixtures.points', { count: row.points })}
              </span>
            </div>
            {/* Two tiles a row on a phone: 'Predictions' and longer words fit their tile. */}
            <dl className="grid grid-cols-2 gap-2 text-center min-[480px]:grid-cols-4">
              {columns
                .filter((c) => c !== 'points')
                .map((c) => (
                  <div
                    key={c}
                    className="flex flex-col-reverse gap-0.5 rounded-lg bg-surface-muted p-1.5"
                  >
                    <dt className="hyphens-auto text-xs leading-tight text-fg-muted [overflow-wrap:anywhere]">
                      {label(c)}
                    </dt>
                    <dd className="text-base font-bold tabular-nums text-fg">
                      {format.number(row[c])}
                    </dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
};
