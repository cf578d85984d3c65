import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { translateRound } from '../../lib/round-names';

export interface RoundPoint {
  round: string;
  points: number;
  rank: number;
}

// Drawn by hand (no chart library: a few shapes are lighter than any package). Both charts share
// one x scale, so a round's bar sits right above its place; the viewBox scales to the width.
const width = 320;
const left = 28;
const right = 8;
const top = 10;
const axis = 16;

const xOf = (i: number, count: number) => left + ((i + 0.5) * (width - left - right)) / count;

/** Round numbers under the axis: all of them when there is room, else about eight. */
const labelled = (i: number, count: number) =>
  count <= 12 || i === 0 || i === count - 1 || i % Math.ceil(count / 8) === 0;

interface ChartProps {
  rounds: RoundPoint[];
  /** Teams in the table: the lowest place the line can reach. */
  teams: number;
  teamName: string;
}

const Frame = ({
  height,
  title,
  description,
  children,
  testId,
}: {
  height: number;
  title: string;
  description: string;
  children: ReactNode;
  testId: string;
}) => {
  const id = useId();
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-md text-fg-muted"
      data-testid={testId}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
};

/**
 * A round's mark under the axis, from its name: its number ('Matchday 12' → 12; the rounds with a
 * result need not be 1, 2, 3 …), else the initials of its words ('Quarter-finals' → QF).
 */
export const roundTick = (name: string) => {
  const number = /(\d+)\s*$/.exec(name)?.[1];
  if (number) return number;
  const initials = name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return initials.slice(0, 3) || name.slice(0, 3);
};

const RoundAxis = ({ rounds, y }: { rounds: readonly RoundPoint[]; y: number }) => (
  <g fontSize="9" fill="currentColor" textAnchor="middle" aria-hidden="true">
    <line x1={left} x2={width - right} y1={y} y2={y} stroke="currentColor" strokeOpacity="0.4" />
    {rounds.map((r, i) =>
      labelled(i, rounds.length) ? (
        <text key={r.round} x={xOf(i, rounds.length)} y={y + 11} data-testid="round-tick">
          {roundTick(r.round)}
        </text>
      ) : null,
    )}
  </g>
);

/** Points per round as bars, and the place after each round as a line (1 at the top). */
export const RoundsChart = ({ rounds, teams, teamName }: ChartProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  const count = rounds.length;
  const barsHeight = 120;
  const plot = barsHeight - top - axis;
  const most = Math.max(1, ...rounds.map((r) => r.points));
  const step = (width - left - right) / count;
  const lineHeight = 110;
  const linePlot = lineHeight - top - axis;
  const lowest = Math.max(2, teams);
  const yOfRank = (rank: number) => top + ((rank - 1) / (lowest - 1)) * linePlot;
  const line = rounds.map((r, i) => `${xOf(i, count)},${yOfRank(r.rank)}`).join(' ');
  return (
    <div className="flex flex-col gap-4">
      <figure className="flex flex-col gap-1">
        <figcaption className="text-sm font-semibold text-fg">
          {t('leagueStats.pointsChart')}
        </figcaption>
        <Frame
          height={barsHeight}
          title={t('leagueStats.pointsChart')}
          description={t('leagueStats.pointsChartDesc', { team: teamName })}
          testId="stats-points-chart"
        >
          <g fontSize="9" fill="currentColor" textAnchor="end" aria-hidden="true">
            <text x={left - 4} y={top + 3}>
              {format.number(most)}
            </text>
            <text x={left - 4} y={top + plot}>
              0
            </text>
          </g>
          {rounds.map((r, i) => {
            const h = (r.points / most) * plot;
            return (
              <rect
                key={r.round}
                x={xOf(i, count) - (step * 0.64) / 2}
                y={top + plot - h}
                width={step * 0.64}
                height={Math.max(h, r.points > 0 ? 1 : 0)}
                rx={Math.min(2, step * 0.15)}
                className="fill-primary"
              >
                <title>
                  {t('leagueStats.barTitle', {
                    round: translateRound(t, r.round),
                    count: r.points,
                  })}
                </title>
              </rect>
            );
          })}
          <RoundAxis rounds={rounds} y={top + plot} />
        </Frame>
      </figure>
      <figure className="flex flex-col gap-1">
        <figcaption className="text-sm font-semibold text-fg">
          {t('leagueStats.rankChart')}
        </figcaption>
        <Frame
          height={lineHeight}
          title={t('leagueStats.rankChart')}
          description={t('leagueStats.rankChartDesc', { team: teamName })}
          testId="stats-rank-chart"
        >
          <g fontSize="9" fill="currentColor" textAnchor="end" aria-hidden="true">
            <text x={left - 4} y={top + 3}>
              1
            </text>
            <text x={left - 4} y={top + linePlot}>
              {format.number(lowest)}
            </text>
          </g>
          <line
            x1={left}
            x2={width - right}
            y1={top}
            y2={top}
            stroke="currentColor"
            strokeOpacity="0.2"
            strokeDasharray="3 3"
          />
          {count > 1 ? (
            <polyline
              points={line}
              fill="none"
              strokeWidth="2"
              strokeLinejoin="round"
              className="stroke-info-strong"
            />
          ) : null}
          {rounds.map((r, i) => (
            <circle
              key={r.round}
              cx={xOf(i, count)}
              cy={yOfRank(r.rank)}
              r={count > 20 ? 2 : 3}
              className="fill-info-strong"
            >
              <title>
                {t('leagueStats.placeTitle', { round: translateRound(t, r.round), rank: r.rank })}
              </title>
            </circle>
          ))}
          <g aria-hidden="true">
            <RoundAxis rounds={rounds} y={top + linePlot + 4} />
          </g>
        </Frame>
      </figure>
      <table className="sr-only">
        <caption>{t('leagueStats.tableCaption', { team: teamName })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('leagueStats.round')}</th>
            <th scope="col">{t('leagueStats.points')}</th>
            <th scope="col">{t('leagueStats.place')}</th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((r) => (
            <tr key={r.round}>
              <th scope="row">{r.round}</th>
              <td>{format.number(r.points)}</td>
              <td>{format.number(r.rank)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
