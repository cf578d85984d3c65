import type { Kysely, Transaction } from 'kysely';
import type { LiveReport, LiveSource } from '../../domain/live/report';
import type { DB } from '../db/schema';
import { seasonReportsOfOthers } from '../fixtures/live-repository';

type Db = Kysely<DB> | Transaction<DB>;

/** The fixtures a source's matches were paired with before: match id → fixture id. */
export const linksOf = async (db: Db, source: LiveSource, matchIds: readonly string[]) => {
  const links = new Map<string, string>();
  for (let i = 0; i < matchIds.length; i += 500) {
    const rows = await db
      .selectFrom('live_links')
      .select(['match_id', 'fixture_id'])
      .where('source', '=', source)
      .where('match_id', 'in', matchIds.slice(i, i + 500))
      .execute();
    for (const r of rows) links.set(r.match_id, r.fixture_id);
  }
  return links;
};

/** Which of these fixtures a source's matches are linked to already. */
export const fixturesLinked = async (db: Db, source: LiveSource, fixtureIds: readonly string[]) => {
  const linked = new Set<string>();
  for (let i = 0; i < fixtureIds.length; i += 500) {
    const rows = await db
      .selectFrom('live_links')
      .select('fixture_id')
      .where('source', '=', source)
      .where('fixture_id', 'in', fixtureIds.slice(i, i + 500))
      .execute();
    for (const r of rows) linked.add(r.fixture_id);
  }
  return linked;
};

/** Remembers a pairing (a match is linked once; a later link by an admin replaces it). */
export const saveLink = async (
  db: Db,
  link: { source: LiveSource; matchId: string; fixtureId: string; by: string; at: string },
) => {
  await db
    .insertInto('live_links')
    .values({
      source: link.source,
      match_id: link.matchId,
      fixture_id: link.fixtureId,
      linked_by: link.by,
      linked_at: link.at,
    })
    .onConflict((oc) =>
      oc.columns(['source', 'match_id']).doUpdateSet((eb) => ({
        fixture_id: eb.ref('excluded.fixture_id'),
        linked_by: eb.ref('excluded.linked_by'),
        linked_at: eb.ref('excluded.linked_at'),
      })),
    )
    .execute();
  await db
    .deleteFrom('live_unmatched')
    .where('source', '=', link.source)
    .where('match_id', '=', link.matchId)
    .execute();
};

/** Another spelling of our team, per competition: our team name by the alias's normal form. */
export const learntAliases = async (db: Db, competitionId: string) =>
  db
    .selectFrom('team_aliases')
    .select(['alias', 'team_name'])
    .where('competition_id', '=', competitionId)
    .execute();

export const saveAlias = async (
  db: Db,
  alias: { competitionId: string; alias: string; teamName: string; learntFrom: string },
) => {
  await db
    .insertInto('team_aliases')
    .values({
      competition_id: alias.competitionId,
      alias: alias.alias,
      team_name: alias.teamName,
      learnt_from: alias.learntFrom,
    })
    .onConflict((oc) => oc.columns(['competition_id', 'alias']).doNothing())
    .execute();
};

/** A match no fixture could be paired with, listed for the admins until it is linked. */
export const saveUnmatched = async (
  db: Db,
  competitionId: string,
  report: LiveReport,
  at: string,
) => {
  await db
    .insertInto('live_unmatched')
    .values({
      source: report.source,
      match_id: report.matchId,
      competition_id: competitionId,
      kickoff_at: report.kickoffAt,
      home_team: report.home[0] ?? '',
      away_team: report.away[0] ?? '',
      seen_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['source', 'match_id']).doUpdateSet((eb) => ({
        kickoff_at: eb.ref('excluded.kickoff_at'),
        seen_at: eb.ref('excluded.seen_at'),
      })),
    )
    .execute();
};

export const unmatchedMatches = async (db: Db) =>
  (
    await db
      .selectFrom('live_unmatched')
      .selectAll()
      .orderBy('kickoff_at', 'desc')
      .limit(200)
      .execute()
  ).map((r) => ({
    source: r.source,
    matchId: r.match_id,
    competitionId: r.competition_id,
    kickoffAt: r.kickoff_at,
    homeTeam: r.home_team,
    awayTeam: r.away_team,
    seenAt: r.seen_at,
  }));

export const findUnmatched = async (db: Db, source: string, matchId: string) =>
  db
    .selectFrom('live_unmatched')
    .selectAll()
    .where('source', '=', source)
    .where('match_id', '=', matchId)
    .executeTakeFirst();

export interface StoredReport {
  source: string;
  report: LiveReport;
  fullTimeSince: string | null;
  seenAt: string;
  disagreement: string | null;
}

const readReport = (json: string): LiveReport | null => {
  try {
    return JSON.parse(json) as LiveReport;
  } catch {
    return null;
  }
};

/** Every source's latest report of these fixtures, by fixture id. */
export const reportsOf = async (db: Db, fixtureIds: readonly string[]) => {
  const byFixture = new Map<string, StoredReport[]>();
  for (let i = 0; i < fixtureIds.length; i += 500) {
    const rows = await db
      .selectFrom('live_reports')
      .selectAll()
      .where('fixture_id', 'in', fixtureIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const report = readReport(r.report_json);
      if (!report) continue;
      const list = byFixture.get(r.fixture_id) ?? [];
      list.push({
        source: r.source,
        report,
        fullTimeSince: r.full_time_since,
        seenAt: r.seen_at,
        disagreement: r.disagreement,
      });
      byFixture.set(r.fixture_id, list);
    }
  }
  return byFixture;
};

/**
 * The kick-offs sources other than `except` last gave the fixtures of a competition's season
 * (a time, not a placeholder), by fixture id: what a schedule file's far-earlier kick-off waits
 * for (issue 49).
 */
export const reportedKickoffs = async (
  db: Db,
  competitionId: string,
  season: string,
  except: string,
) => {
  const rows = await seasonReportsOfOthers(db, competitionId, season, except);
  const byFixture = new Map<string, string[]>();
  for (const r of rows) {
    const report = readReport(r.json);
    if (!report?.timeConfirmed) continue;
    byFixture.set(r.fixtureId, [...(byFixture.get(r.fixtureId) ?? []), report.kickoffAt]);
  }
  return byFixture;
};

export const saveReport = async (
  db: Db,
  row: {
    fixtureId: string;
    report: LiveReport;
    fullTimeSince: string | null;
    seenAt: string;
  },
) => {
  await db
    .insertInto('live_reports')
    .values({
      fixture_id: row.fixtureId,
      source: row.report.source,
      report_json: JSON.stringify(row.report),
      full_time_since: row.fullTimeSince,
      seen_at: row.seenAt,
    })
    .onConflict((oc) =>
      oc.columns(['fixture_id', 'source']).doUpdateSet((eb) => ({
        report_json: eb.ref('excluded.report_json'),
        full_time_since: eb.ref('excluded.full_time_since'),
        seen_at: eb.ref('excluded.seen_at'),
      })),
    )
    .execute();
};

/** What the sources disagree on for a fixture (null: nothing), kept on its reports' rows. */
export const saveDisagreement = async (db: Db, fixtureId: string, disagreement: string | null) => {
  await db
    .updateTable('live_reports')
    .set({ disagreement })
    .where('fixture_id', '=', fixtureId)
    .execute();
};

/** Counts a request to a source (per UTC day), and its outcome. */
export const countRequest = async (
  db: Db,
  source: LiveSource,
  at: Date,
  outcome: { ok: true } | { ok: false; error: string },
) => {
  const iso = at.toISOString();
  await db
    .insertInto('live_requests')
    .values({
      source,
      day: iso.slice(0, 10),
      requests: 1,
      errors: outcome.ok ? 0 : 1,
      last_success_at: outcome.ok ? iso : null,
      last_error_at: outcome.ok ? null : iso,
      last_error: outcome.ok ? null : outcome.error.slice(0, 500),
    })
    .onConflict((oc) =>
      oc.columns(['source', 'day']).doUpdateSet((eb) => ({
        requests: eb('live_requests.requests', '+', 1),
        errors: eb('live_requests.errors', '+', outcome.ok ? 0 : 1),
        ...(outcome.ok
          ? { last_success_at: eb.ref('excluded.last_success_at') }
          : {
              last_error_at: eb.ref('excluded.last_error_at'),
              last_error: eb.ref('excluded.last_error'),
            }),
      })),
    )
    .execute();
};

/** Requests per source today, with the last success and error (of any day). */
export const requestCounts = async (db: Db, today: string) => {
  const rows = await db
    .selectFrom('live_requests')
    .selectAll()
    .orderBy('day', 'desc')
    .limit(60)
    .execute();
  const bySource = new Map<
    string,
    {
      today: number;
      errorsToday: number;
      lastSuccessAt: string | null;
      lastErrorAt: string | null;
      lastError: string | null;
    }
  >();
  for (const r of rows) {
    const entry = bySource.get(r.source) ?? {
      today: 0,
      errorsToday: 0,
      lastSuccessAt: null,
      lastErrorAt: null,
      lastError: null,
    };
    if (r.day === today) {
      entry.today = Number(r.requests);
      entry.errorsToday = Number(r.errors);
    }
    entry.lastSuccessAt ??= r.last_success_at;
    if (entry.lastErrorAt === null && r.last_error_at) {
      entry.lastErrorAt = r.last_error_at;
      entry.lastError = r.last_error;
    }
    bySource.set(r.source, entry);
  }
  return bySource;
};
