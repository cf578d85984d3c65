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
  const outcome = (row: MyPrediction) =>
    t(`team.outcome.${row.outcome === 'X' ? 'draw' : row.outcome === '1' ? 'home' : 'away'}`);
  /** The pick's first-goal minute: 0 is its call of no goals. */
  const pickMinute = (row: MyPrediction) =>
    row.firstGoalMinute === null
      ? null
      : row.firstGoalMinute === 0
        ? t('leagues.hub.noGoals')
        : t('leagues.fixtures.minute', { minute: row.firstGoalMinute });
  const pick = (row: MyPrediction) =>
    [outcome(row), pickMinute(row)].filter((part) => part !== null).join(' · ');
  const points = (row: MyPrediction) =>
    row.points === null ? t('team.pending') : t('team.pointCount', { count: row.points });
  /** The score, and under it the first goal, the match's state or nothing yet. */
  const result = (row: MyPrediction) => {
    const state =
      row.status === 'postponed' || row.status === 'cancelled' || row.status === 'live'
        ? t(`leagues.fixtures.state.${row.status}`)
        : null;
    if (!row.result) return { score: state ?? '—', note: null };
    const { homeScore, awayScore, firstGoalMinute } = row.result;
    const note =
      row.status === 'live'
        ? state
        : homeScore + awayScore === 0
          ? t('leagues.hub.noGoals')
          : firstGoalMinute === null
            ? t('fixtures.result.minuteToBeConfirmed')
            : t('leagues.hub.firstGoal', { minute: firstGoalMinute });
    return { score: `${homeScore}–${awayScore}`, note };
  };
  const columns = ['date', 'fixture', 'competition', 'team', 'result', 'pick', 'joker', 'points'];
  return (
    <div data-testid="team-predictions-table">
      <table className="hidden w-full border-collapse text-left text-sm md:table">
        <thead>
          <tr className="border-b border-line text-fg-muted">
            {columns.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 font-semibold">
                {t(`team.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { score, note } = result(row);
            return (
              <tr
                key={`${row.teamId}-${row.fixtureId}`}
                data-testid="team-prediction"
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
                <td className="px-2 py-2 text-fg" data-testid="team-prediction-result">
                  <span className="whitespace-nowrap font-semibold tabular-nums">{score}</span>
                  {note ? <span className="block text-xs text-fg-muted">{note}</span> : null}
                </td>
                <td
                  className="whitespace-nowrap px-2 py-2 text-fg"
                  data-testid="team-prediction-pick"
                >
                  <span className="whitespace-nowrap">{pick(row)}</span>
                </td>
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
                <td
                  className="whitespace-nowrap px-2 py-2 font-bold tabular-nums text-fg"
                  data-testid="team-prediction-points"
                >
                  {points(row)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => {
          const { score, note } = result(row);
          return (
            <li
              key={`${row.teamId}-${row.fixtureId}`}
              data-testid="team-prediction"
              className="flex flex-col gap-2 rounded-xl border border-line p-3 text-sm"
            >
              <div className="flex flex-col gap-0.5">
                <span className="font-semibold text-fg">
                  {row.homeTeam} – {row.awayTeam}
                </span>
                <span className="text-fg-muted">
                  {format.dateTime(row.kickoffAt)} · {row.competitionName}
                </span>
                <span className="text-fg-muted">
                  {row.teamName} ({row.leagueName})
                </span>
              </div>
              <dl className="grid grid-cols-3 gap-2 rounded-lg bg-surface-muted p-2">
                <div className="flex min-w-0 flex-col" data-testid="team-prediction-result">
                  <dt className="text-xs text-fg-muted">{t('team.columns.result')}</dt>
                  <dd className="font-semibold tabular-nums text-fg">
                    {score}
                    {note ? (
                      <span className="block text-xs font-normal text-fg-muted">{note}</span>
                    ) : null}
                  </dd>
                </div>
                <div className="flex min-w-0 flex-col" data-testid="team-prediction-pick">
                  <dt className="text-xs text-fg-muted">{t('team.columns.pick')}</dt>
                  <dd className="text-fg">
                    {outcome(row)}
                    <span className="block text-xs text-fg-muted">
                      {[pickMinute(row), row.joker ? t('leagues.fixtures.joker') : null]
                        .filter((part) => part !== null)
                        .join(' · ')}
                    </span>
                  </dd>
                </div>
                <div className="flex min-w-0 flex-col" data-testid="team-prediction-points">
                  <dt className="text-xs text-fg-muted">{t('team.columns.points')}</dt>
                  <dd className="font-bold tabular-nums text-fg">{points(row)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
};
