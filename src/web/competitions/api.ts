import { useQuery } from '@tanstack/react-query';
import { competitionsQueryOptions, type CompetitionItem } from '../lib/queries';

export type { CompetitionItem };

export const useCompetitions = () => useQuery(competitionsQueryOptions);

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * What a path means in the catalogue: a competition's own route, an alias of one (to redirect
 * to), or nothing. Exact spelling first, then ignoring case.
 */
export const resolveCompetitionPath = (
  competitions: CompetitionItem[],
  pathname: string,
): { competition: CompetitionItem; canonical: boolean } | null => {
  const path = trimSlash(pathname);
  const lower = path.toLowerCase();
  const byRoute =
    competitions.find((c) => c.route === path) ??
    competitions.find((c) => c.route.toLowerCase() === lower);
  if (byRoute) return { competition: byRoute, canonical: byRoute.route === path };
  const byAlias =
    competitions.find((c) => c.aliases.includes(path)) ??
    competitions.find((c) => c.aliases.some((alias) => alias.toLowerCase() === lower));
  return byAlias ? { competition: byAlias, canonical: false } : null;
};
