import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Check, Minus, Sparkles } from 'lucide-react';
import { useFormat } from '../../lib/format';
import { SectionHeader } from '../../ui/section-header';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { MatchRows } from '../../ui/match-rows';
import { cn } from '../../ui/cn';
import { QueryView } from '../../ui/query-view';
import { EmptyState } from '../../ui/state';
import { leagueFixturesQueryOptions, type LeagueFixture } from '../shared/api';
import { useLeagueError } from '../shared/use-league-error';
import { compareCodes } from '../../../domain/kickoff';

const shown = 4;

/**
 * The league's fixtures (docs/design.md §3 visibility): upcoming ones show who has predicted; kicked-off
 * ones show every team's pick, minute, joker and points (to members).
 */
export const LeagueFixtures = ({ leagueId }: { leagueId: string }) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const fixtures = useQuery(leagueFixturesQueryOptions(leagueId));
  const [all, setAll] = useState(false);

  let body;
  if (fixtures.isPending || fixtures.isError)
    body = (
      <QueryView
        query={fixtures}
        errorTitle={t('leagues.fixtures.loadError')}
        errorMessage={leagueError}
        rows={2}
      />
    );
  else if (fixtures.data.length === 0) body = <EmptyState title={t('leagues.fixtures.empty')} />;
  else {
    const byTime = (a: LeagueFixture, b: LeagueFixture) => compareCodes(a.kickoffAt, b.kickoffAt);
    const upcoming = fixtures.data.filter((f) => !f.locked).sort(byTime);
    const played = fixtures.data.filter((f) => f.locked).sort((a, b) => byTime(b, a));
    const limit = (list: LeagueFixture[]) => (all ? list : list.slice(0, shown));
    const more = upcoming.length > shown || played.length > shown;
    body = (
      <div className="flex flex-col gap-6">
        <FixtureGroup title={t('leagues.fixtures.upcoming')} fixtures={limit(upcoming)} />
        <FixtureGroup title={t('leagues.fixtures.played')} fixtures={limit(played)} />
        {more ? (
          <Button variant="secondary" onClick={() => setAll((v) => !v)} className="self-start">
            {all ? t('leagues.fixtures.showFewer') : t('leagues.fixtures.showAll')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <Card className="flex flex-col gap-4" data-testid="league-fixtures">
      <SectionHeader
        title={t('leagues.fixtures.title')}
        description={t('leagues.fixtures.subtitle')}
        icon={CalendarClock}
        brandIcon
      />
      {body}
    </Card>
  );
};

const FixtureGroup = ({ title, fixtures }: { title: string; fixtures: LeagueFixture[] }) => {
  if (fixtures.length === 0) return null;
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-bold uppercase tracking-wide text-fg-muted">{title}</h3>
      <ul className="flex flex-col gap-3">
        {fixtures.map((f) => (
          <FixtureItem key={f.id} fixture={f} />
        ))}
      </ul>
    </section>
  );
};

/** What a closed fixture is waiting for, when it has no final score to show. */
const stateKey = (fixture: LeagueFixture) => {
  if (fixture.status === 'postponed') return 'postponed';
  if (fixture.status === 'cancelled') return 'cancelled';
  if (fixture.status === 'live') return 'live';
  return fixture.locked ? 'awaitingResult' : null;
};

const FixtureItem = ({ fixture }: { fixture: LeagueFixture }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const final = fixture.status === 'final' && fixture.homeScore !== null;
  const state = final ? null : stateKey(fixture);
  return (
    <li className="rounded-xl border border-line p-3" data-testid="league-fixture">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <MatchRows
          className="min-w-56 flex-1"
          home={fixture.homeTeam}
          away={fixture.awayTeam}
          homeScore={final ? fixture.homeScore : null}
          awayScore={final ? fixture.awayScore : null}
          label={
            final
              ? `${fixture.homeTeam} ${fixture.homeScore}–${fixture.awayScore} ${fixture.awayTeam}`
              : `${fixture.homeTeam} ${t('leagues.fixtures.versus')} ${fixture.awayTeam}`
          }
        />
        <span className="text-sm text-fg-muted">
          {fixture.timeConfirmed
            ? format.dateTime(fixture.kickoffAt)
            : format.date(fixture.kickoffAt)}
          {state ? ` · ${t(`leagues.fixtures.state.${state}`)}` : ''}
        </span>
      </div>
      {fixture.entries.length === 0 ? null : fixture.revealed ? (
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {fixture.entries.map((e) => (
            <li
              key={e.teamId}
              className="flex items-center justify-between gap-2 rounded-lg bg-surface-muted px-2.5 py-1.5 text-sm"
            >
              <span className="break-words font-medium text-fg">{e.teamName}</span>
              <span className="flex shrink-0 items-center gap-1.5 text-fg">
                {e.outcome ? (
                  <>
                    <span className="font-mono font-bold">{e.outcome}</span>
                    {e.firstGoalMinute !== null ? (
                      <span className="text-fg-muted">
                        {t('leagues.fixtures.minute', { minute: e.firstGoalMinute })}
                      </span>
                    ) : null}
                    {e.joker ? (
                      <Sparkles
                        aria-label={t('leagues.fixtures.joker')}
                        className="size-4 text-warn-strong"
                      />
                    ) : null}
                    {e.points !== null ? (
                      <Badge tone={e.points > 0 ? 'success' : 'neutral'}>
                        {t('leagues.fixtures.points', { count: e.points })}
                      </Badge>
                    ) : null}
                  </>
                ) : (
                  <PredictedMark predicted={e.predicted} />
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {fixture.entries.map((e) => (
            <li
              key={e.teamId}
              className={cn(
                'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
                e.predicted
                  ? 'bg-success-soft text-success-strong'
                  : 'bg-neutral-soft text-neutral-strong',
              )}
            >
              <PredictedMark predicted={e.predicted} />
              {e.teamName}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
};

const PredictedMark = ({ predicted }: { predicted: boolean }) => {
  const { t } = useTranslation();
  return predicted ? (
    <Check role="img" aria-label={t('leagues.fixtures.predicted')} className="size-3.5" />
  ) : (
    <Minus role="img" aria-label={t('leagues.fixtures.notPredicted')} className="size-3.5" />
  );
};
