import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { Hourglass, Trophy } from 'lucide-react';
import type { PlayerStatus, RenderBoard } from '../lib/competition-board';
import { Card } from '../ui/card';
import { PageHeader } from '../ui/page';
import type { CompetitionItem } from './api';
import { countryName } from '../lib/country-name';
import { useDocumentTitle } from '../lib/use-document-title';
import { CountryBadge, FixtureSourceNote } from './competition-card';
import { lazyNamed } from '../lib/lazy-named';
import { CompetitionHeader, FeatureCards, SeasonSummaryCard, seasonShown } from './page-parts';

// A tournament's table and bracket: their own chunk, loaded when the tab is opened.
const StageTables = lazyNamed(() => import('./stage-tables'), 'StageTables');
const tournamentTabs = ['fixtures', 'table', 'about'] as const;

export interface KindPageProps {
  competition: CompetitionItem;
  renderBoard: RenderBoard;
}

/**
 * The Premier League page (spec §2.11): its heading follows whether the visitor can play, and
 * names the round shown.
 */
export const FeaturedPage = ({ competition, renderBoard }: KindPageProps) => {
  const { t } = useTranslation();
  const titles: Record<PlayerStatus, string> = {
    loading: 'featured.title',
    playing: 'featured.title',
    signed_out: 'featured.signedOutTitle',
    no_team: 'featured.noTeamTitle',
  };
  return renderBoard({
    header: (view) => (
      <CompetitionHeader
        competition={competition}
        view={view}
        title={t(`competitions.${titles[view.status]}`, { name: competition.name })}
      />
    ),
  });
};

/** EFL Championship, League One, League Two, Scottish Premiership (spec §2.12). */
export const TablePage = ({ competition, renderBoard }: KindPageProps) =>
  renderBoard({
    header: (view) => (
      <>
        <CompetitionHeader competition={competition} view={view} />
        <SeasonSummaryCard
          summaryKey={competition.summaryKey}
          season={seasonShown(competition, view)}
        />
      </>
    ),
  });

const CompetitionIntro = ({
  competition,
  season,
}: {
  competition: CompetitionItem;
  season: string;
}) => {
  const { t } = useTranslation();
  useDocumentTitle(competition.name);
  return (
    <Card className="pitch-hero on-dark flex flex-col gap-3 border-0 text-white">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex h-10 min-w-14 items-center justify-center rounded-lg bg-white px-2 text-sm font-extrabold tracking-wider text-navy"
        >
          {/* A competition without a country code (a private one) shows a trophy instead. */}
          {competition.flag || <Trophy className="size-5" />}
        </span>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{competition.name}</h1>
          <p className="text-sm text-white">
            {countryName(t, competition.country)} · {season}
          </p>
        </div>
      </div>
      <FixtureSourceNote competition={competition} className="text-sm font-semibold text-white" />
      <p className="max-w-2xl text-white">
        {t('competitions.blurb', {
          name: competition.name,
          country: countryName(t, competition.country),
        })}
      </p>
    </Card>
  );
};

/** Bundesliga, La Liga, Serie A … (spec §2.13): intro, feature cards, fixtures by game week. */
export const CardsPage = ({ competition, renderBoard }: KindPageProps) =>
  renderBoard({
    header: (view) => (
      <>
        <CompetitionIntro competition={competition} season={seasonShown(competition, view)} />
        <FeatureCards />
      </>
    ),
  });

/** Club World Cup, women's championship: Fixtures (default, `?tab=fixtures`) and About. */
export const TournamentPage = ({ competition, renderBoard }: KindPageProps) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tournamentTabs.find((name) => name === asked) ?? 'fixtures';
  const trigger =
    'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-4 text-sm font-semibold text-fg-muted data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm sm:flex-none';
  return renderBoard({
    header: (view) => <CompetitionHeader competition={competition} view={view} />,
    // The board stays mounted on the About tab, so the heading keeps naming the round.
    frame: (board, view) => (
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
        className="flex flex-col gap-5"
      >
        <Tabs.List
          aria-label={t('competitions.tabs.label')}
          className="flex gap-1 self-start rounded-xl bg-surface-muted p-1"
        >
          <Tabs.Trigger value="fixtures" className={trigger} data-testid="tab-fixtures">
            {t('competitions.tabs.fixtures')}
          </Tabs.Trigger>
          <Tabs.Trigger value="table" className={trigger} data-testid="tab-table">
            {t('competitions.tabs.table')}
          </Tabs.Trigger>
          <Tabs.Trigger value="about" className={trigger} data-testid="tab-about">
            {t('competitions.tabs.about')}
          </Tabs.Trigger>
        </Tabs.List>
        {/* Kept mounted while About is open: the board holds the player's unsaved picks. */}
        <Tabs.Content value="fixtures" forceMount className="data-[state=inactive]:hidden">
          {board}
        </Tabs.Content>
        <Tabs.Content value="table">
          <Suspense fallback={null}>
            <StageTables competitionId={competition.id} season={view.season} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="about" className="flex flex-col gap-4">
          <p className="text-fg">
            {t('competitions.blurb', {
              name: competition.name,
              country: countryName(t, competition.country),
            })}
          </p>
          <FeatureCards />
        </Tabs.Content>
      </Tabs.Root>
    ),
  });
};

/** Leagues not open yet (spec §2.14), with the 2024-25 summary where we hold one. */
export const ComingSoonPage = ({ competition }: { competition: CompetitionItem }) => {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        eyebrow={<CountryBadge competition={competition} />}
        title={competition.name}
        subtitle={t('competitions.season', { season: seasonShown(competition) })}
      />
      <SeasonSummaryCard summaryKey={competition.summaryKey} season={seasonShown(competition)} />
      <Card className="flex items-start gap-4" data-testid="coming-soon">
        <Hourglass aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-text" />
        <div className="flex flex-col gap-1">
          <h2 className="font-bold text-fg">{t('competitions.comingSoonTitle')}</h2>
          <p className="text-fg-muted">{t('competitions.comingSoonText')}</p>
        </div>
      </Card>
      <FeatureCards />
    </div>
  );
};
