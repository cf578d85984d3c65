import { Suspense } from 'react';
import { useMe } from '../account/api';
import { useActiveTeam } from '../lib/active-team';
import { lazyNamed } from '../lib/lazy-named';

const RulesPage = lazyNamed(() => import('../static-pages/rules-page'), 'RulesPage', ['info']);
const LeagueRulesCard = lazyNamed(
  () => import('../leagues/manage/league-rules'),
  'LeagueRulesCard',
);

/** /rules: the game's rules, led by the rules of the signed-in player's active league. */
export const RulesRoute = () => {
  const signedIn = Boolean(useMe().data?.user);
  const { league } = useActiveTeam({ enabled: signedIn });
  return (
    <RulesPage
      leagueRules={
        signedIn && league ? (
          <Suspense fallback={null}>
            <LeagueRulesCard league={league} heading={league.name} />
          </Suspense>
        ) : null
      }
    />
  );
};

export { RulesPage };
