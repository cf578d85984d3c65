import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { countryName } from '../lib/country-name';
import { useKickoffFormat } from '../lib/kickoff-format';
import { Badge, type BadgeTone } from '../ui/badge';
import type { CompetitionItem } from './api';

export const CountryBadge = ({ competition }: { competition: CompetitionItem }) => {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2 text-sm text-fg-muted">
      <span
        aria-hidden="true"
        className="inline-flex h-6 min-w-10 items-center justify-center rounded-md bg-navy px-1.5 text-[11px] font-bold tracking-wider text-white"
      >
        {competition.flag}
      </span>
      {countryName(t, competition.country)}
    </span>
  );
};

const stateTone: Record<CompetitionItem['state'], BadgeTone> = {
  open: 'success',
  coming_soon: 'warn',
  round_finished: 'neutral',
  to_be_announced: 'info',
};

export const StateBadge = ({ competition }: { competition: CompetitionItem }) => {
  const { t } = useTranslation();
  return (
    <Badge tone={stateTone[competition.state]} data-testid="competition-state">
      {t(`competitions.state.${competition.state}`)}
    </Badge>
  );
};

/**
 * Where a competition's fixtures come from while its season has none (issue 50): 'Fixtures come
 * from ESPN; last read 1 Dec 10:02 — not reachable'.
 */
export const FixtureSourceNote = ({
  competition,
  className,
}: {
  competition: CompetitionItem;
  className?: string;
}) => {
  const { t } = useTranslation();
  const format = useKickoffFormat();
  const source = competition.fixtureSource;
  if (!source || competition.fixtureCount > 0) return null;
  const read = source.lastReadAt ? format(source.lastReadAt) : null;
  const text = !read
    ? t('competitions.fixtureSource.never', { source: source.name })
    : t(`competitions.fixtureSource.${source.reachable === false ? 'unreachable' : 'read'}`, {
        source: source.name,
        date: read.date,
        time: read.ukTime,
      });
  return (
    <p className={className ?? 'text-sm text-fg-muted'} data-testid="fixture-source">
      {text}
    </p>
  );
};

export const CompetitionCard = ({ competition }: { competition: CompetitionItem }) => {
  const { t } = useTranslation();
  const kickoff = useKickoffFormat();
  const next =
    competition.state === 'open' && competition.nextKickoff
      ? kickoff(competition.nextKickoff)
      : null;
  return (
    <li>
      <Link
        to={competition.route}
        data-testid={`competition-${competition.id}`}
        className="group flex h-full min-h-24 items-center gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm transition hover:border-primary hover:shadow-md"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-bold text-fg">{competition.name}</h3>
            <StateBadge competition={competition} />
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CountryBadge competition={competition} />
            <span className="text-sm text-fg-muted">
              {competition.currentSeason ?? competition.seasonLabel}
            </span>
          </div>
          {next ? (
            <p className="text-sm text-fg" data-testid="next-kickoff">
              {competition.nextKickoffConfirmed
                ? t('competitions.nextKickoff', { date: next.date, time: next.ukTime })
                : t('competitions.nextMatchTbc', { date: next.date })}
            </p>
          ) : null}
          <FixtureSourceNote competition={competition} />
        </div>
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 text-fg-muted transition group-hover:translate-x-0.5"
        />
      </Link>
    </li>
  );
};
