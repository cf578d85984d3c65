import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isLeagueAdmin } from '../access/league-access';
import type { DB } from '../db/schema';
import type { LogActorKind, LogData, LogEntry, LogKind } from '../../domain/feed';
import type { FieldOrigin } from '../../domain/fixtures';
import { unnamedPlayer } from '../../domain/league-names';

// A league's open log (issue 32, decision 025): what changed in the league (league_log) and in its
// fixtures (fixture_log, per competition), written beside the audit trail in the same
// transaction by the features that make the changes (leagues, bonus, results) and read by the
// feed's log route.
// Rows hold what members may read: names at the time, never an e-mail or an invite code.

type Db = Kysely<DB> | Transaction<DB>;

export interface LogActor {
  kind: LogActorKind;
  name: string | null;
}

/** Who changed a league, as its log names them: the league admin, a member, or a site admin. */
export const leagueActorOf = (
  user: { id: string; name: string; role: string },
  league: { adminUserId: string | null },
): LogActor =>
  isLeagueAdmin(league, user)
    ? { kind: 'league_admin', name: user.name.trim() || unnamedPlayer }
    : user.role === 'admin'
      ? { kind: 'site_admin', name: null }
      : { kind: 'member', name: user.name.trim() || unnamedPlayer };

/** Who changed a fixture: a site admin (never named) or a source, by its name. */
export const fixtureActorOf = (origin: FieldOrigin): LogActor =>
  origin === 'admin' ? { kind: 'site_admin', name: null } : { kind: 'source', name: origin };

export const writeLeagueLog = async (
  db: Db,
  e: { leagueId: string; kind: LogKind; actor: LogActor; data?: LogData },
  at: Date,
) => {
  await db
    .insertInto('league_log')
    .values({
      id: randomUUID(),
      league_id: e.leagueId,
      kind: e.kind,
      actor_kind: e.actor.kind,
      actor_name: e.actor.name,
      data_json: JSON.stringify(e.data ?? {}),
      created_at: at.toISOString(),
    })
    .execute();
};

export const writeFixtureLog = async (
  db: Db,
  e: { competitionId: string; fixtureId: string; kind: LogKind; actor: LogActor; data: LogData },
  at: Date,
) => {
  await db
    .insertInto('fixture_log')
    .values({
      id: randomUUID(),
      competition_id: e.competitionId,
      fixture_id: e.fixtureId,
      kind: e.kind,
      actor_kind: e.actor.kind,
      actor_name: e.actor.name,
      data_json: JSON.stringify(e.data),
      created_at: at.toISOString(),
    })
    .execute();
};

interface Row {
  id: string;
  kind: string;
  actor_kind: string;
  actor_name: string | null;
  data_json: string;
  created_at: string;
}

const toEntry = (r: Row): LogEntry => ({
  id: r.id,
  at: r.created_at,
  kind: r.kind as LogKind,
  actor: { kind: r.actor_kind as LogActorKind, name: r.actor_name },
  data: JSON.parse(r.data_json) as LogData,
});

const columns = ['id', 'kind', 'actor_kind', 'actor_name', 'data_json', 'created_at'] as const;

/**
 * One page of a league's log, newest first: its own rows and its competition's fixture changes
 * since the league was created, each read by index (a page each), merged.
 */
export const leagueLog = async (
  db: Db,
  q: {
    leagueId: string;
    competitionId: string;
    since: string;
    before?: { at: string; id: string } | undefined;
    limit: number;
  },
) => {
  // Older than the cursor: before its time, or at its time with a smaller id.
  const before = q.before;
  const older = before
    ? sql<boolean>`(created_at < ${before.at} or (created_at = ${before.at} and id < ${before.id}))`
    : sql<boolean>`1 = 1`;
  const [own, fixtures] = await Promise.all([
    db
      .selectFrom('league_log')
      .select(columns)
      .where('league_id', '=', q.leagueId)
      .where(older)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit + 1)
      .execute(),
    db
      .selectFrom('fixture_log')
      .select(columns)
      .where('competition_id', '=', q.competitionId)
      .where('created_at', '>=', q.since)
      .where(older)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit + 1)
      .execute(),
  ]);
  const merged = [...own, ...fixtures].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
  );
  return { entries: merged.slice(0, q.limit).map(toEntry), more: merged.length > q.limit };
};
