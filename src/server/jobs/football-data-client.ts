import {
  footballDataMatch,
  footballDataMatches,
  type FootballDataMatch,
} from '../../domain/football-data';
import type { RateLimiter } from './rate-limiter';

export interface FootballDataClientOptions {
  url: string;
  token: string;
  limiter: RateLimiter;
  timeoutMs?: number;
}

/**
 * `GET {url}/v4/competitions/{code}/matches?season=YYYY` with the `X-Auth-Token` header, paced
 * by the limiter. Matches that do not read as v4 are skipped (counted in `unreadable`).
 */
export const fetchCompetitionMatches = async (
  options: FootballDataClientOptions,
  code: string,
  season: number,
): Promise<{ matches: FootballDataMatch[]; unreadable: number }> => {
  await options.limiter.take();
  const url = `${options.url.replace(/\/+$/, '')}/v4/competitions/${encodeURIComponent(code)}/matches?season=${season}`;
  const response = await fetch(url, {
    headers: { 'X-Auth-Token': options.token, accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  if (!response.ok) throw new Error(`football-data ${code}: HTTP ${response.status}`);
  const body = footballDataMatches.safeParse(await response.json());
  if (!body.success) throw new Error(`football-data ${code}: not a matches answer`);
  const matches: FootballDataMatch[] = [];
  let unreadable = 0;
  for (const raw of body.data.matches) {
    const parsed = footballDataMatch.safeParse(raw);
    if (parsed.success) matches.push(parsed.data);
    else unreadable += 1;
  }
  return { matches, unreadable };
};
