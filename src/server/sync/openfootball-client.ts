import { feedUrl } from '../../domain/openfootball';
import { describeFetchError } from '../errors';

export type FetchedFeed =
  | { kind: 'file'; url: string; content: string }
  | { kind: 'missing'; url: string }
  /**
   * No answer, a timeout or an error status: worth trying again later. `answered`: the server
   * answered (with an error status), so other files may still be there.
   */
  | { kind: 'unreachable'; url: string; error: string; answered: boolean };

/** `GET {base}/{season}/{code}.json`, no account. Never throws. */
export const fetchFeed = async (
  base: string,
  season: string,
  code: string,
  timeoutMs: number,
): Promise<FetchedFeed> => {
  const url = feedUrl(base, season, code);
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return { kind: 'missing', url };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'unreachable', url, error: `HTTP ${response.status}`, answered: true };
    }
    return { kind: 'file', url, content: await response.text() };
  } catch (error) {
    return { kind: 'unreachable', url, error: describeFetchError(error), answered: false };
  }
};
