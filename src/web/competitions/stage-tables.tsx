import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bracketOf, stageTables, type Tie } from '../../domain/tournament';
import { fixturesQueryOptions } from '../lib/queries';
import { translateRound, translateSlot } from '../lib/round-names';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';

/**
 * A tournament's Table tab (issue 50): its league phase's table (or each group's) from the
 * results, and its knockout bracket — each tie with its legs and their aggregate, a slot not
 * decided yet named as the source names it. Loaded only when the tab is opened.
 */
export const StageTables = ({
  competitionId,
  season,
}: {
  competitionId: string;
  season: string | null;
}) => {
  const { t } = useTranslation();
  const fixtures = useQuery(fixturesQueryOptions(competitionId, season ?? undefined));
  if (!fixtures.data) return null;
  const list = fixtures.data.fixtures;
  const tables = stageTables(list);
  const bracket = bracketOf(list);
  if (tables.length === 0 && bracket.length === 0)
    return <p className="text-fg-muted">{t('competitions.stages.none')}</p>;
  return (
    <div className="flex flex-col gap-6" data-testid="stage-tables">
      {tables.map((table) => (
        <Card key={table.group ?? 'league'} className="flex flex-col gap-3 p-0 sm:p-0">
          <h2 className="px-4 pt-4 text-lg font-bold text-fg">
            {table.group ? translateRound(t, table.group) : t('competitions.stages.leaguePhase')}
          </h2>
          <table className="w-full table-fixed text-sm" data-testid="league-phase-table">
            <thead className="text-xs text-fg-muted">
              <tr className="border-b border-line">
                <th scope="col" className="w-9 py-2 text-right font-semibold">
                  #
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  {t('competitions.stages.club')}
                </th>
                {(['played', 'won', 'drawn', 'lost'] as const).map((key) => (
                  <th
                    key={key}
                    scope="col"
                    className="hidden w-9 py-2 text-center font-semibold sm:table-cell"
                  >
                    <abbr title={t(`competitions.stages.${key}`)} className="no-underline">
                      {t(`competitions.stages.${key}Short`)}
                    </abbr>
                  </th>
                ))}
                <th scope="col" className="w-14 py-2 text-center font-semibold">
                  <abbr title={t('competitions.stages.difference')} className="no-underline">
                    {t('competitions.stages.differenceShort')}
                  </abbr>
                </th>
                <th scope="col" className="w-12 py-2 pr-4 text-right font-semibold">
                  <abbr title={t('competitions.stages.points')} className="no-underline">
                    {t('competitions.stages.pointsShort')}
                  </abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => {
                const difference = row.goalsFor - row.goalsAgainst;
                return (
                  <tr key={row.team} className="border-b border-line last:border-0">
                    <td className="py-2 text-right tabular-nums text-fg-muted">{i + 1}</td>
                    <td className="px-3 py-2 font-semibold break-words text-fg">{row.team}</td>
                    {[row.played, row.won, row.drawn, row.lost].map((n, k) => (
                      <td key={k} className="hidden py-2 text-center tabular-nums sm:table-cell">
                        {n}
                      </td>
                    ))}
                    <td className="py-2 text-center tabular-nums">
                      {difference > 0 ? `+${difference}` : difference}
                    </td>
                    <td className="py-2 pr-4 text-right font-bold tabular-nums">{row.points}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      ))}
      {bracket.length > 0 ? (
        <section className="flex flex-col gap-3" data-testid="bracket">
          <h2 className="text-lg font-bold text-fg">{t('competitions.stages.knockout')}</h2>
          <div className="grid gap-4 lg:grid-flow-col lg:auto-cols-fr">
            {bracket.map((round) => (
              <div key={round.round} className="flex min-w-0 flex-col gap-2">
                <h3 className="text-sm font-bold tracking-wide text-fg-muted uppercase">
                  {translateRound(t, round.round)}
                </h3>
                <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
                  {round.ties.map((tie) => (
                    <TieCard key={tie.legs.map((l) => l.id).join('-')} tie={tie} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
};

const TieCard = ({ tie }: { tie: Tie }) => {
  const { t } = useTranslation();
  const name = (team: string) => (tie.tbd ? translateSlot(t, team) : team);
  const sides = [
    { team: tie.home, goals: tie.aggregate?.[0] },
    { team: tie.away, goals: tie.aggregate?.[1] },
  ];
  return (
    <li
      className={cn(
        'flex flex-col gap-1 rounded-lg border border-line bg-surface px-3 py-2 text-sm',
        tie.tbd && 'border-dashed text-fg-muted',
      )}
      data-testid="bracket-tie"
    >
      {sides.map((side) => (
        <span key={side.team} className="flex items-start justify-between gap-3">
          <span className={cn('min-w-0 break-words', !tie.tbd && 'font-semibold text-fg')}>
            {name(side.team)}
          </span>
          {side.goals === undefined ? null : (
            <span className="shrink-0 font-bold whitespace-nowrap tabular-nums">{side.goals}</span>
          )}
        </span>
      ))}
      {tie.legs.length === 2 ? (
        <span className="text-xs text-fg-muted">
          {tie.aggregate ? t('competitions.stages.aggregate') : t('competitions.stages.twoLegs')}
        </span>
      ) : null}
    </li>
  );
};
