import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { useFormat } from '../../lib/format';
import type { MyPrediction } from '../shared/api';

/** Predictions and points per competition (spec §2.7 breakdown). */
export const competitionBreakdown = (rows: MyPrediction[]) => {
  const byCompetition = new Map<
    string,
    { competitionId: string; competitionName: string; predictions: number; points: number }
  >();
  for (const row of rows) {
    const entry = byCompetition.get(row.competitionId) ?? {
      competitionId: row.competitionId,
      competitionName: row.competitionName,
      predictions: 0,
      points: 0,
    };
    entry.predictions += 1;
    entry.points += row.points ?? 0;
    byCompetition.set(row.competitionId, entry);
  }
  return [...byCompetition.values()];
};

/** 'My predictions', newest first as the server sends them; cards under 768 px. */
export const PredictionsTable = ({ rows }: { rows: MyPrediction[] }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const pick = (outcome: string) =>
    t(`team.outcome.${outcome === 'X' ? 'draw' : outcome === '1' ? 'home' : 'away'}`);
  const minute = (row: MyPrediction) =>
    row.firstGoalMinute === null
      ? '—'
      : t('leagues.fixtures.minute', { minute: row.firstGoalMinute });
  const points = (row: MyPrediction) =>
    row.points === null ? t('team.pending') : format.number(row.points);
  return (
    <div data-testid="team-predictions-table">
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <thead>
          <tr className="border-b border-line text-fg-muted">
            {(
              [
                'date',
                'fixture',
                'competition',
                'team',
                'pick',
                'minute',
                'joker',
                'points',
              ] as const
            ).map((c) => (
              <th key={c} scope="col" className="px-2 py-2 font-semibold">
                {t(`team.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.teamId}-${row.fixtureId}`}
              className="border-b border-line last:border-0"
            >
              <td className="whitespace-nowrap px-2 py-2 text-fg-muted">
                {format.dateTime(row.kickoffAt)}
              </td>
              <td className="px-2 py-2 font-medium text-fg">
                {row.homeTeam} – {row.awayTeam}
              </td>
              <td className="px-2 py-2 text-fg-muted">{row.competitionName}</td>
              <td className="px-2 py-2 text-fg">
                {row.teamName}
                <span className="block text-xs text-fg-muted">{row.leagueName}</span>
              </td>
              <td className="px-2 py-2 text-fg">
                <span className="font-mono font-bold">{row.outcome}</span>{' '}
                <span className="text-fg-muted">{pick(row.outcome)}</span>
              </td>
              <td className="px-2 py-2 text-fg">{minute(row)}</td>
              <td className="px-2 py-2">
                {row.joker ? (
                  <Sparkles
                    role="img"
                    aria-label={t('leagues.fixtures.joker')}
                    className="size-4 text-warn-strong"
                  />
                ) : (
                  <span className="sr-only">{t('team.noJoker')}</span>
                )}
              </td>
              <td className="px-2 py-2 font-bold tabular-nums text-fg">{points(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li
            key={`${row.teamId}-${row.fixtureId}`}
            className="flex flex-col gap-1 rounded-xl border border-line p-3 text-sm"
          >
            <div className="flex justify-between gap-2">
              <span className="font-semibold text-fg">
                {row.homeTeam} – {row.awayTeam}
              </span>
              <span className="shrink-0 font-bold tabular-nums text-fg">{points(row)}</span>
            </div>
            <span className="text-fg-muted">
              {format.dateTime(row.kickoffAt)} · {row.competitionName}
            </span>
            <span className="text-fg">
              {row.teamName} ({row.leagueName}) ·{' '}
              <span className="font-mono font-bold">{row.outcome}</span> {pick(row.outcome)} ·{' '}
              {minute(row)}
              {row.joker ? ` · ${t('leagues.fixtures.joker')}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
};
