import { allowedUpdate } from '../../domain/import-plan';
import { mayChange } from '../../domain/fixtures';
import { normaliseTeamName } from '../../domain/football-data';
import type { LiveReport, LiveSource } from '../../domain/live/report';
import { settleLive, type LiveFixture, type SourceView } from '../../domain/live/settle';
import { isAhead } from '../../domain/sources/checks';
import {
  pairMatch,
  pairingWindowMs,
  teamLikeness,
  type TeamAliases,
} from '../../domain/live/team-match';
import type { Services } from '../context';
import { inDerivedTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { fixtureRowsByIds, fixturesBetween } from '../fixtures/live-repository';
import { setFixtureClock, type StoredFixtureRow } from '../fixtures/repository';
import type { Pace } from '../imports/pace';
import { applyFixtureChange, isResultEvent, type Actor } from '../results/change';
import type { Refusal } from '../sources/read';
import { precedenceOf, sourceOf } from '../sources/registry';
import * as repo from './repository';

type Deps = Pick<Services, 'database' | 'bus' | 'standings' | 'logger'>;

export interface ApplyCounts {
  /** Matches the answers held. */
  matches: number;
  /** …paired with one of our fixtures (before or now). */
  paired: number;
  /** Fixtures whose facts or clock changed. */
  changed: number;
  /** Matches no fixture could be paired with (listed for the admins). */
  unmatched: number;
  /** Reports refused before they changed anything (the checks of issue 49). */
  refused: number;
}

export const emptyCounts = (): ApplyCounts => ({
  matches: 0,
  paired: 0,
  changed: 0,
  unmatched: 0,
  refused: 0,
});
export const addCounts = (a: ApplyCounts, b: ApplyCounts): ApplyCounts => ({
  matches: a.matches + b.matches,
  paired: a.paired + b.paired,
  changed: a.changed + b.changed,
  unmatched: a.unmatched + b.unmatched,
  refused: a.refused + b.refused,
});

const actorOf = (source: LiveSource): Actor => ({ id: null, label: source, origin: source });

const liveFixtureOf = (f: StoredFixtureRow): LiveFixture => ({
  status: f.status,
  kickoffAt: f.kickoffAt,
  timeConfirmed: f.timeConfirmed,
  homeScore: f.homeScore,
  awayScore: f.awayScore,
  firstGoalMinute: f.firstGoalMinute,
  clock: f.clock,
  resultConfirmed: f.resultConfirmed,
  minuteConfirmed: f.minuteConfirmed,
});

/** The aliases a competition's pairing reads: the catalogue's and those learnt since. */
export const aliasesOf = async (
  db: Parameters<typeof repo.learntAliases>[0],
  competitionId: string,
  catalogue: TeamAliases,
): Promise<Map<string, string[]>> => {
  const merged = new Map<string, string[]>(
    [...catalogue].map(([team, names]) => [team, [...names]]),
  );
  for (const row of await repo.learntAliases(db, competitionId)) {
    merged.set(row.team_name, [...(merged.get(row.team_name) ?? []), row.alias]);
  }
  return merged;
};

/**
 * Since when a source has said this full time: kept while it says the same, else now. A full
 * time said of a match still ahead starts no clock (issue 49).
 */
const fullTimeSince = (
  report: LiveReport,
  previous: repo.StoredReport | undefined,
  at: string,
  ahead: boolean,
) => {
  if (ahead || report.state !== 'finished' || !report.score) return null;
  const before = previous?.report;
  const same =
    before?.state === 'finished' &&
    before.score?.home === report.score.home &&
    before.score.away === report.score.away;
  return same && previous?.fullTimeSince ? previous.fullTimeSince : at;
};

const chunk = 50;

/**
 * Both of a fixture's teams are (at least resembling) the answer's: a link still holds. A
 * fixture whose teams are to be determined takes the clubs its source puts into the same match.
 */
const sameTeams = (fixture: StoredFixtureRow, report: LiveReport, aliases: TeamAliases) =>
  fixture.tbd ||
  (teamLikeness(fixture.homeTeam, report.home, aliases) > 0 &&
    teamLikeness(fixture.awayTeam, report.away, aliases) > 0);

/** The clubs a source names for a fixture whose teams were to be determined (issue 50). */
const decidedTeams = (fixture: StoredFixtureRow, report: LiveReport) => {
  const [homeTeam, awayTeam] = [report.home[0], report.away[0]];
  return fixture.tbd && report.tbd === false && homeTeam && awayTeam
    ? { homeTeam, awayTeam, tbd: false }
    : {};
};

/**
 * One source's answer for one competition, applied: each match is paired with our fixture (a
 * remembered link while its teams still match, else by date and teams), its report kept, and
 * the fixture settled from every source's latest report through the results' change path —
 * which keeps an admin's hand and a stronger source's facts, audits each change with the source
 * as actor and scores a final result. The reports come checked (sources/read.ts); what the
 * fixture itself refuses (a match still ahead, teams that no longer match a remembered id, a
 * kick-off moved far earlier by one source) is counted in `refusals`. In transactions of 50
 * matches, the event loop free between matches.
 */
export const applyReports = async (
  deps: Deps,
  input: {
    competitionId: string;
    source: LiveSource;
    reports: readonly LiveReport[];
    /** LIVE_SOURCES: the live sources in use, in their order. */
    liveOrder: readonly LiveSource[];
    /** Every other source in use whose stored reports count (default: `liveOrder`). */
    inUse?: readonly LiveSource[];
    aliases: TeamAliases;
    now: Date;
    pace: Pace;
    /** Refusals are added here. */
    refusals?: Refusal[];
  },
): Promise<ApplyCounts> => {
  const { competitionId, source, liveOrder, now, pace } = input;
  const precedence = precedenceOf(liveOrder);
  const counted = new Set<LiveSource>([...liveOrder, ...(input.inUse ?? []), source]);
  const refusals = input.refusals ?? [];
  const counts = emptyCounts();
  const refuse = (reason: Refusal['reason'], report: LiveReport) => {
    counts.refused += 1;
    refusals.push({
      reason,
      detail: `${report.home[0] ?? '?'}–${report.away[0] ?? '?'} (${report.matchId})`,
    });
  };
  const at = now.toISOString();
  const events: string[] = [];
  /** Fixtures whose live state moved without a result to score: open pages are told. */
  const moved = new Set<string>();
  let tallying = false;
  // In kick-off order: a batch's matches are close in time, so are the fixtures pairing reads.
  const ordered = [...input.reports].sort(
    (a, b) => Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt),
  );
  // A remembered link holds only while the answer's teams are its fixture's, so every match is
  // compared with its fixture's names and their aliases: read once for the answer (a pairing
  // made on the way adds its names to them).
  const aliases = await aliasesOf(deps.database.db, competitionId, input.aliases);
  for (let i = 0; i < ordered.length; i += chunk) {
    const reports = ordered.slice(i, i + chunk);
    counts.matches += reports.length;
    // What a source said can be read again: like derived data, it commits unflushed on SQLite
    // (decision 020), so a batch never holds the event loop for a flush.
    await inDerivedTransaction(deps.database, async (trx) => {
      const links = await repo.linksOf(
        trx,
        source,
        reports.map((r) => r.matchId),
      );
      // Pairing needs the fixtures around the matches: only when a match is not linked yet (a
      // poll of matches paired before reads just their fixtures).
      const pairing = reports.some((r) => !links.has(r.matchId));
      const times = reports.map((r) => new Date(r.kickoffAt).getTime());
      const candidates = pairing
        ? await fixturesBetween(
            trx,
            competitionId,
            new Date(Math.min(...times) - pairingWindowMs).toISOString(),
            new Date(Math.max(...times) + pairingWindowMs).toISOString(),
          )
        : [];
      await pace();
      const linked = await fixtureRowsByIds(trx, [...new Set(links.values())]);
      const byId = new Map([...candidates, ...linked].map((f) => [f.id, f]));
      // A fixture is one match of a source: those linked to another match are not candidates.
      const taken = pairing
        ? await repo.fixturesLinked(
            trx,
            source,
            candidates.map((f) => f.id),
          )
        : new Set<string>();
      for (const id of links.values()) taken.delete(id);
      await pace();
      // Reports of the fixtures linked already; a fixture paired now reads its own below.
      const stored = await repo.reportsOf(trx, [...new Set(links.values())]);
      await pace();

      for (const report of reports) {
        await pace();
        let fixture = byId.get(links.get(report.matchId) ?? '');
        if (fixture && !sameTeams(fixture, report, aliases)) {
          // A source's id now names other teams (a reused or swapped id): nothing is applied and
          // the match is listed, for an admin to link where it belongs.
          refuse('teams', report);
          counts.unmatched += 1;
          await repo.saveUnmatched(trx, competitionId, report, at);
          continue;
        }
        if (!fixture) {
          const open = candidates.filter((f) => !taken.has(f.id));
          fixture = pairMatch(report, open, aliases) ?? undefined;
          if (!fixture) {
            // Only a match among fixtures we hold is worth an admin's look.
            const near = candidates.some(
              (f) =>
                Math.abs(new Date(f.kickoffAt).getTime() - new Date(report.kickoffAt).getTime()) <=
                pairingWindowMs,
            );
            if (near) {
              counts.unmatched += 1;
              await repo.saveUnmatched(trx, competitionId, report, at);
              deps.logger.info(
                { source, matchId: report.matchId, home: report.home[0], away: report.away[0] },
                'live sync: a match no fixture could be paired with',
              );
            }
            continue;
          }
          taken.add(fixture.id);
          await repo.saveLink(trx, {
            source,
            matchId: report.matchId,
            fixtureId: fixture.id,
            by: source,
            at,
          });
          await learnAliases(trx, competitionId, fixture, report, aliases, source);
          const theirs = await repo.reportsOf(trx, [fixture.id]);
          stored.set(fixture.id, theirs.get(fixture.id) ?? []);
        }
        counts.paired += 1;
        const previous = stored.get(fixture.id)?.find((s) => s.source === source);
        const ahead = isAhead(report, fixture, now);
        if (ahead) refuse('ahead', report);
        const since = fullTimeSince(report, previous, at, ahead);
        // A poll every 30 s mostly repeats itself: only a report that moved is written.
        if (
          !previous ||
          previous.fullTimeSince !== since ||
          JSON.stringify(previous.report) !== JSON.stringify(report)
        )
          await repo.saveReport(trx, {
            fixtureId: fixture.id,
            report,
            fullTimeSince: since,
            seenAt: at,
          });
        const others = (stored.get(fixture.id) ?? []).filter((s) => s.source !== source);
        // In rank order, the strongest first; a source not in use here is not heard.
        const views: SourceView[] = [
          ...others.map((s) => ({ report: s.report, fullTimeSince: s.fullTimeSince })),
          { report, fullTimeSince: since },
        ]
          .filter((v) => counted.has(v.report.source))
          .map((v) => ({ ...v, confirmsAlone: sourceOf(v.report.source).confirmsAlone }))
          .sort((a, b) => precedence(b.report.source) - precedence(a.report.source));
        const outcome = settleLive(liveFixtureOf(fixture), views, now);
        if (outcome?.held) refuse('kickoff', report);
        const disagreement = outcome?.disagreement ?? null;
        const before = stored.get(fixture.id)?.[0]?.disagreement ?? null;
        if (!previous || disagreement !== before) {
          await repo.saveDisagreement(trx, fixture.id, disagreement);
          // Said once: when what the sources disagree on changes.
          if (disagreement !== null && disagreement !== before)
            deps.logger.info(
              { fixtureId: fixture.id, source, disagreement },
              'live sync: the sources disagree',
            );
        }
        const teams = allowedUpdate(
          decidedTeams(fixture, report),
          fixture.origins,
          source,
          precedence,
        );
        if (!outcome && Object.keys(teams).length === 0) continue;
        const facts = {
          ...(outcome
            ? allowedUpdate(outcome.facts, fixture.origins, outcome.source, precedence)
            : {}),
          ...teams,
        };
        let changed = false;
        let current = fixture;
        if (Object.keys(facts).length > 0) {
          try {
            const applied = await applyFixtureChange(
              trx,
              actorOf(outcome?.source ?? source),
              fixture.id,
              facts,
              now,
            );
            changed = applied.changed;
            current = applied.fixture;
            tallying ||= applied.tallying;
            if (isResultEvent(applied)) events.push(fixture.id);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            deps.logger.warn(
              { fixtureId: fixture.id, source, code: err.code, facts },
              'live sync: a change was refused',
            );
            continue;
          }
        }
        // The clock of a match in play, when the status is the sources' to tell.
        const clock = current.status === 'live' ? (outcome?.live.clock ?? current.clock) : null;
        if (
          mayChange(current.origins, 'status', outcome?.source ?? source, precedence) &&
          clock !== current.clock
        ) {
          await setFixtureClock(trx, fixture.id, clock);
          changed = true;
        }
        if (changed) {
          counts.changed += 1;
          if (!events.includes(fixture.id)) moved.add(fixture.id);
        }
      }
    });
  }
  if (tallying) await deps.standings.drain();
  for (const fixtureId of events)
    await deps.bus.publish({ type: 'results', competitionId, fixtureId });
  for (const fixtureId of moved)
    await deps.bus.publish({ type: 'live', competitionId, fixtureId, version: now.getTime() });
  return counts;
};

/** After a pairing: a side the source spells unlike us is remembered for next time. */
const learnAliases = async (
  trx: Parameters<typeof repo.saveAlias>[0],
  competitionId: string,
  fixture: StoredFixtureRow,
  report: LiveReport,
  aliases: Map<string, string[]>,
  source: LiveSource,
) => {
  const sides: [string, readonly string[]][] = [
    [fixture.homeTeam, report.home],
    [fixture.awayTeam, report.away],
  ];
  for (const [ours, theirs] of sides) {
    const name = theirs[0];
    if (!name || teamLikeness(ours, theirs, aliases) === 2) continue;
    if (normaliseTeamName(name) === '') continue;
    await repo.saveAlias(trx, { competitionId, alias: name, teamName: ours, learntFrom: source });
    aliases.set(ours, [...(aliases.get(ours) ?? []), name]);
  }
};
