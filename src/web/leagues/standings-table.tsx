import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';
import { cn } from '../ui/cn';
import type { StandingsRow } from './api';
import { RankBadge } from './medal';

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
  const medal = (rank: number) => t('leagues.standings.medal', { rank });
  return (
    <div data-testid={testId}>
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <caption className="sr-only">{t('leagues.standings.title')}</caption>
        <thead>
          <tr className="border-b border-line text-fg-muted">
            <th scope="col" className="w-20 px-3 py-2 font-semibold">
              {t('leagues.standings.rank')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('leagues.standings.team')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('leagues.standings.manager')}
            </th>
            {detailed ? (
              <>
                <th scope="col" className="hidden px-3 py-2 text-right font-semibold lg:table-cell">
                  {t('leagues.standings.exactMinutes')}
                </th>
                <th scope="col" className="hidden px-3 py-2 text-right font-semibold lg:table-cell">
                  {t('leagues.standings.correctOutcomes')}
                </th>
              </>
            ) : null}
            {bonus ? (
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t('leagues.standings.bonus')}
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('leagues.standings.points')}
            </th>
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
              <td className="px-3 py-2">
                <RankBadge rank={row.rank} label={medal(row.rank)} medal={row.points > 0} />
              </td>
              <td className="px-3 py-2 font-semibold text-fg">
                <span className="inline-flex items-center gap-2">
                  {row.teamName}
                  {row.mine ? <YouBadge label={t('leagues.you')} /> : null}
                </span>
              </td>
              <td className="px-3 py-2 text-fg-muted">{row.manager}</td>
              {detailed ? (
                <>
                  <td className="hidden px-3 py-2 text-right tabular-nums lg:table-cell">
                    {format.number(row.exactMinutes)}
                  </td>
                  <td className="hidden px-3 py-2 text-right tabular-nums lg:table-cell">
                    {format.number(row.correctOutcomes)}
                  </td>
                </>
              ) : null}
              {bonus ? (
                <td className="px-3 py-2 text-right tabular-nums" data-testid={`${testId}-bonus`}>
                  {format.number(row.bonusPoints)}
                </td>
              ) : null}
              <td className="px-3 py-2 text-right text-base font-bold tabular-nums text-fg">
                {format.number(row.points)}
              </td>
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
            <RankBadge rank={row.rank} label={medal(row.rank)} medal={row.points > 0} />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="flex items-center gap-2 font-semibold text-fg">
                <span className="truncate">{row.teamName}</span>
                {row.mine ? <YouBadge label={t('leagues.you')} /> : null}
              </span>
              <span className="truncate text-sm text-fg-muted">{row.manager}</span>
            </div>
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
