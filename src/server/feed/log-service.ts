import type { LogKind } from '../../domain/feed';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { AppError } from '../errors';
import { feedPageSize } from '../../domain/feed-text';
import { leagueLog } from '../league-log/league-log';
import { feedAccess } from './service';

type Deps = Pick<Services, 'database' | 'bus' | 'env' | 'now' | 'logger'>;

const cursorOf = (at: string, id: string) => `${at}|${id}`;
const parseCursor = (value: string) => {
  const cut = value.lastIndexOf('|');
  if (cut <= 0) throw new AppError('BAD_REQUEST', 'This page of the log does not exist.');
  return { at: value.slice(0, cut), id: value.slice(cut + 1) };
};

/**
 * A league's log, newest first, 50 entries a page: the league's own changes and its fixtures'
 * confirmed results and kick-off changes since the league began. Members only.
 */
export const listLog = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string; before?: string | undefined },
) => {
  const { league } = await feedAccess(deps, user, input.leagueId, 'read');
  const page = await leagueLog(deps.database.db, {
    leagueId: league.id,
    competitionId: league.competitionId,
    since: league.createdAt,
    before: input.before ? parseCursor(input.before) : undefined,
    limit: feedPageSize,
  });
  const last = page.entries.at(-1);
  return {
    entries: page.entries,
    nextBefore: page.more && last ? cursorOf(last.at, last.id) : null,
  };
};

export type { LogKind };
