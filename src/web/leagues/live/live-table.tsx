import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { useFormat } from '../../lib/format';
import { cn } from '../../ui/cn';
import { liveStandingsQueryOptions, type InPlayFixture, type LiveRow } from './live-api';
import { LiveMarker } from './live-marker';
import { ScoreLine } from './score-line';
import { RankingTable } from '../shared/ranking-table';

/**
 * The live table beside the confirmed one (issue 29). While a fixture of the league's
 * competition is in play it shows the table by live points — confirmed plus what the matches in
 * play would give if they ended now — with each team's move against the confirmed table, and
 * the confirmed table (`confirmed`) one tap away. Otherwise it is just `confirmed`.
 */
export const LiveTableSwitch = ({
  leagueId,
  confirmed,
  compact = false,
  enabled = true,
  page = 1,
  testId,
}: {
  leagueId: string;
  /** The confirmed table as the page shows it. */
  confirmed: ReactNode;
  /** The top 10 and the viewer's teams (home, league page) instead of the first page. */
  compact?: boolean;
  /** false: another season is shown, never live. */
  enabled?: boolean;
  /** The page of 50 the standings page's pager is on: the live table shows the same page. */
  page?: number;
  testId: string;
}) => {
  const { t } = useTranslation();
  const live = useQuery({
    ...liveStandingsQueryOptions(leagueId, { page }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const [view, setView] = useState<'live' | 'confirmed'>('live');
  const fixtures = enabled ? (live.data?.live?.fixtures ?? []) : [];
  if (fixtures.length === 0) return <>{confirmed}</>;
  const rows = compact
    ? (live.data?.top ?? [])
    : withViewer(live.data?.rows ?? [], live.data?.top ?? []);
  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LiveMarker />
        <div
          role="group"
          aria-label={t('live.tableChoice')}
          className="inline-flex rounded-lg border border-line p-0.5"
        >
          {(['live', 'confirmed'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={view === choice}
              onClick={() => setView(choice)}
              data-testid={`${testId}-${choice}`}
              className={cn(
                'min-h-9 rounded-md px-3 text-sm font-semibold',
                view === choice ? 'bg-primary text-on-primary' : 'text-fg hover:bg-surface-muted',
              )}
            >
              {t(choice === 'live' ? 'live.liveTable' : 'live.confirmedTable')}
            </button>
          ))}
        </div>
      </div>
      <InPlayList leagueId={leagueId} fixtures={fixtures} />
      {view === 'live' ? (
        <>
          <p className="text-sm text-fg-muted">{t('live.tableHint')}</p>
          <LiveRows rows={rows} testId={`${testId}-table`} />
        </>
      ) : (
        confirmed
      )}
    </div>
  );
};

/** The first page in live order, with the viewer's teams from further down after it. */
const withViewer = (rows: LiveRow[], top: LiveRow[]) => {
  const shown = new Set(rows.map((r) => r.teamId));
  return [...rows, ...top.filter((r) => r.mine && !shown.has(r.teamId))];
};

/** The matches in play: score and clock, each opening its minute race. */
export const InPlayList = ({
  leagueId,
  fixtures,
}: {
  leagueId: string;
  fixtures: InPlayFixture[];
}) => {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-2" data-testid="in-play">
      {fixtures.map((f) => (
        <li key={f.id} className="min-w-0 max-w-full">
          <Link
            to={`/league/${leagueId}/race/${f.id}`}
            className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-xl border border-line bg-surface-muted px-3 py-1.5 text-sm hover:border-primary"
            data-testid="in-play-fixture"
          >
            <span className="min-w-0 font-semibold text-fg">
              <ScoreLine
                home={f.homeTeam}
                away={f.awayTeam}
                homeScore={f.homeScore ?? 0}
                awayScore={f.awayScore ?? 0}
              />
            </span>
            <span className="rounded-md bg-danger-soft px-1.5 text-xs font-bold tabular-nums text-danger-strong">
              {f.clock ?? t('live.marker')}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
};

/** A team's move against the confirmed table: up, down or level, said in words for readers. */
const Movement = ({ row }: { row: LiveRow }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const moved = row.rank - (row.liveRank ?? row.rank);
  const Icon = moved > 0 ? ArrowUp : moved < 0 ? ArrowDown : Minus;
  const label =
    moved > 0
      ? t('live.up', { count: moved })
      : moved < 0
        ? t('live.down', { count: -moved })
        : t('live.level');
  return (
    <span
      className={cn(
        'inline-flex w-10 items-center gap-0.5 text-xs font-bold tabular-nums',
        moved > 0 ? 'text-success-strong' : moved < 0 ? 'text-danger' : 'text-fg-muted',
      )}
      data-testid="live-movement"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true">{moved === 0 ? '' : format.number(Math.abs(moved))}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
};

const LivePoints = ({ row, labelled = false }: { row: LiveRow; labelled?: boolean }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const extra = (row.livePoints ?? row.points) - row.points;
  return (
    <span className="flex min-h-10 shrink-0 flex-col items-end justify-center leading-tight">
      {/* A phone's card has no column header: it tells readers what the number is. */}
      {labelled ? <span className="sr-only">{t('live.livePoints')}</span> : null}
      <span className="text-base font-bold tabular-nums text-fg" data-testid="live-points">
        {format.number(row.livePoints ?? row.points)}
      </span>
      {extra > 0 ? (
        <span className="text-xs tabular-nums text-success-strong">
          {t('live.provisional', { points: extra })}
        </span>
      ) : (
        <span className="sr-only">{t('live.noProvisional')}</span>
      )}
    </span>
  );
};

/** Rows of the live table: the confirmed table's look, with the movement and live points. */
const LiveRows = ({ rows, testId }: { rows: LiveRow[]; testId: string }) => {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      {/* The phone cards' one header: what their number is (the names keep the width). */}
      <p
        aria-hidden="true"
        className="flex justify-end px-3 text-xs font-semibold text-fg-muted md:hidden"
        data-testid="live-points-label"
      >
        {t('live.livePoints')}
      </p>
      <RankingTable
        rows={rows}
        testId={testId}
        caption={t('live.liveTable')}
        rank={(row) => ({ rank: row.liveRank ?? row.rank, medal: (row.livePoints ?? 0) > 0 })}
        lead={[
          {
            key: 'movement',
            header: t('live.movement'),
            headerClassName: 'w-16 px-3 py-2 font-semibold',
            className: 'px-3 py-2',
            cell: (row) => <Movement row={row} />,
          },
        ]}
        trail={[
          {
            key: 'points',
            header: t('live.livePoints'),
            headerClassName: 'px-3 py-2 text-right font-semibold',
            className: 'px-3 py-2 text-right',
            cell: (row) => <LivePoints row={row} />,
          },
        ]}
        cardLead={(row) => <Movement row={row} />}
        cardTrail={(row) => <LivePoints row={row} labelled />}
      />
    </div>
  );
};
