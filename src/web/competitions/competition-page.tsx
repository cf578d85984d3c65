import type { RenderBoard } from '../lib/competition-board';
import { PageContainer } from '../ui/page';
import type { CompetitionItem } from './api';
import { BackLink } from './page-parts';
import { CardsPage, ComingSoonPage, FeaturedPage, TablePage, TournamentPage } from './page-kinds';

interface CompetitionPageProps {
  competition: CompetitionItem;
  /** The predictions board, composed in by the app (features do not import each other). */
  renderBoard: RenderBoard;
}

/** One page per page kind, fed by the catalogue (docs/design.md §4): never a per-competition copy. */
export const CompetitionPage = ({ competition, renderBoard }: CompetitionPageProps) => {
  const page = () => {
    switch (competition.kind) {
      case 'featured':
        return <FeaturedPage competition={competition} renderBoard={renderBoard} />;
      case 'table':
        return <TablePage competition={competition} renderBoard={renderBoard} />;
      case 'cards':
        return <CardsPage competition={competition} renderBoard={renderBoard} />;
      case 'tournament':
        return <TournamentPage competition={competition} renderBoard={renderBoard} />;
      case 'coming_soon':
        return <ComingSoonPage competition={competition} />;
    }
  };
  return (
    <PageContainer>
      <BackLink />
      <div data-testid={`competition-page-${competition.kind}`}>{page()}</div>
    </PageContainer>
  );
};
