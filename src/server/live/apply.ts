import { allowedUpdate } from '../../domain/import-plan';
import { mayChange } from '../../domain/fixtures';
import { normaliseTeamName } from '../../domain/football-data';
import type { LiveReport, LiveSource } from '../../domain/live/report';
import { settleLive, type LiveFixture, type SourceView } from '../../domain/live/settle';
import {
  pairMatch,
  pairingWindowMs,
  teamLikeness,
  type TeamAliases,
} from '../../domain/live/team-match';
import type { Services } from '../context';
import { inDerivedTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { setFixtureClock, type StoredFixtureRow } from '../fixtures/repository';
import type { Pace } from '../imports/pace';
import { applyFixtureChange, isResultEvent, type Actor } from '../results/change';
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
}

export const emptyCounts = (): ApplyCounts => ({ matches: 0, paired: 0, changed: 0, unmatched: 0 });
export const addCounts = (a: ApplyCounts, b: ApplyCounts): ApplyCounts => ({
  matches: a.matches + b.matches,
  paired: a.paired + b.paired,
  changed: a.changed + b.changed,
  unmatched: a.unmatched + b.unmatched,
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
const aliasesOf = async (
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

/** Since when a source has said this full time: kept while it says the same, else now. */
const fullTimeSince = (report: LiveReport, previous: repo.StoredReport | undefined, at: string) => {
  if (report.state !== 'finished' || !report.score) return null;
  const before = previous?.report;
  const same =
    before?.state === 'finished' &&
    before.score?.home === report.score.home &&
    before.score.away === report.score.away;
  return same && previous?.fullTimeSince ? previous.fullTimeSince : at;
};

const chunk = 50;

/**
 * One source's answer for one competition, applied: each match is paired with our fixture (a
 * remembered link, else by date and teams), its report kept, and the fixture settled from every
 * source's latest report through the results' change path — which keeps an admin's hand and a
 * stronger source's facts, audits each change with the source as actor and scores a final
 * result. In transactions of 50 matches, the event loop free between matches.
 */
export const applyReports = async (
  deps: Deps,
  input: {
    competitionId: string;
    source: LiveSource;
    reports: readonly LiveReport[];
    liveOrder: readonly LiveSource[];
    aliases: TeamAliases;
    now: Date;
    pace: Pace;
  },
): Promise<ApplyCounts> => {
  const { competitionId, source, liveOrder, now, pace } = input;
  const at = now.toISOString();
  const counts = emptyCounts();
  const events: string[] = [];
  /** Fixtures whose live state moved without a result to score: open pages are told. */
  const moved = new Set<string>();
  let tallying = false;
  // In kick-off order: a batch's matches are close in time, so are the fixtures pairing reads.
  const ordered = [...input.reports].sort(
    (a, b) => Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt),
  );
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
        ? await repo.fixturesBetween(
            trx,
            competitionId,
            new Date(Math.min(...times) - pairingWindowMs).toISOString(),
            new Date(Math.max(...times) + pairingWindowMs).toISOString(),
          )
        : [];
      await pace();
      const linked = await repo.fixturesByIds(trx, [...new Set(links.values())]);
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
      const aliases = pairing
        ? await aliasesOf(trx, competitionId, input.aliases)
        : new Map<string, string[]>();
      await pace();
      // Reports of the fixtures linked already; a fixture paired now reads its own below.
      const stored = await repo.reportsOf(trx, [...new Set(links.values())]);
      await pace();

      for (const report of reports) {
        await pace();
        let fixture = byId.get(links.get(report.matchId) ?? '');
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
        const since = fullTimeSince(report, previous, at);
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
        const views: SourceView[] = [
          ...others.map((s) => ({ report: s.report, fullTimeSince: s.fullTimeSince })),
          { report, fullTimeSince: since },
        ]
          .filter((v) => liveOrder.includes(v.report.source))
          .sort((a, b) => liveOrder.indexOf(a.report.source) - liveOrder.indexOf(b.report.source));
        const outcome = settleLive(liveFixtureOf(fixture), views, now);
        const disagreement = outcome?.disagreement ?? null;
        if (!previous || disagreement !== (stored.get(fixture.id)?.[0]?.disagreement ?? null))
          await repo.saveDisagreement(trx, fixture.id, disagreement);
        if (!outcome) continue;
        const facts = allowedUpdate(outcome.facts, fixture.origins, outcome.source, liveOrder);
        let changed = false;
        let current = fixture;
        if (Object.keys(facts).length > 0) {
          try {
            const applied = await applyFixtureChange(
              trx,
              actorOf(outcome.source),
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
        const clock = current.status === 'live' ? outcome.live.clock : null;
        if (
          mayChange(current.origins, 'status', outcome.source, liveOrder) &&
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
