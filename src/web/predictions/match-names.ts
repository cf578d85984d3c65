import type { TFunction } from 'i18next';

interface Match {
  id: string;
  homeTeam: string;
  awayTeam: string;
}

/** How many matches a toast names before it says 'and N more'. */
export const namedMatches = 3;

/**
 * The matches behind some fixture ids as one phrase for a toast: 'Arsenal v Chelsea and Leeds v
 * Fulham', or the first few 'and 2 more'. Ids not among `fixtures` are counted, not named.
 */
export const matchNames = (
  t: TFunction,
  language: string,
  fixtures: readonly Match[],
  ids: readonly string[],
): string => {
  const byId = new Map(fixtures.map((f) => [f.id, f] as const));
  const names = ids.flatMap((id) => {
    const match = byId.get(id);
    return match ? [`${match.homeTeam} v ${match.awayTeam}`] : [];
  });
  const hidden = ids.length - Math.min(names.length, namedMatches);
  if (hidden === 0) return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  return t('predictions.toast.andMore', {
    names: names.slice(0, namedMatches).join(', '),
    count: hidden,
  });
};
