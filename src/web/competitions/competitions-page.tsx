import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { InviteErrorState } from '../lib/navigation-state';
import { PageContainer, PageHeader } from '../ui/page';
import { Skeleton } from '../ui/skeleton';
import { QueryView } from '../ui/query-view';
import { EmptyState, Notice } from '../ui/state';
import { useCompetitions } from './api';
import { CompetitionCard } from './competition-card';

/** Every competition of the catalogue as a card linking to its page (spec §2.5). */
export const CompetitionsPage = () => {
  const { t } = useTranslation();
  const competitions = useCompetitions();
  // Arrived from an invite link whose league does not exist (JoinRedirectPage).
  const inviteError = (useLocation().state as Partial<InviteErrorState> | null)?.inviteError;
  const all = competitions.data ?? [];
  const groups = [
    { id: 'leagues', items: all.filter((c) => !['tournament', 'coming_soon'].includes(c.kind)) },
    { id: 'tournaments', items: all.filter((c) => c.kind === 'tournament') },
    { id: 'soon', items: all.filter((c) => c.kind === 'coming_soon') },
  ].filter((group) => group.items.length > 0);

  return (
    <PageContainer>
      <PageHeader title={t('competitions.title')} subtitle={t('competitions.subtitle')} />
      {inviteError ? (
        <div className="mb-6">
          <Notice tone="error" testId="invite-not-found">
            {t('leagues.joinRedirect.notFound', { error: inviteError })}
          </Notice>
        </div>
      ) : null}
      {competitions.isPending || competitions.isError ? (
        <QueryView
          query={competitions}
          errorTitle={t('competitions.loadError')}
          loading={
            <div role="status" className="grid gap-3 sm:grid-cols-2">
              <span className="sr-only">{t('common.loading')}</span>
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} className="h-24" />
              ))}
            </div>
          }
        />
      ) : competitions.data.length === 0 ? (
        <EmptyState title={t('competitions.empty')} />
      ) : (
        <div className="flex flex-col gap-8">
          {groups.map((group) => (
            <section
              key={group.id}
              aria-labelledby={`competitions-${group.id}`}
              className="flex flex-col gap-3"
            >
              <h2 id={`competitions-${group.id}`} className="text-lg font-bold text-fg">
                {t(`competitions.groups.${group.id}`)}
              </h2>
              <ul
                className="grid gap-3 sm:grid-cols-2"
                data-testid={`competition-group-${group.id}`}
              >
                {group.items.map((competition) => (
                  <CompetitionCard key={competition.id} competition={competition} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </PageContainer>
  );
};
