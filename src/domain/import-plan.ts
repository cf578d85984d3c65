import {
  mayChange,
  type FieldOrigin,
  type FieldOrigins,
  type FixtureFieldGroup,
  type FixtureStatus,
  type Precedence,
} from './fixtures';
import { zonedDateTime } from './kickoff';
import { pairMatch, pairingWindowMs, teamLikeness, type TeamAliases } from './live/team-match';
import { movesKickoffFarEarlier } from './sources/checks';
import {
  externalKey,
  teamsKey,
  type ImportRow,
  type ImportRowBase,
  type ParsedRow,
} from './import';
import { runSteps, type Steps } from './steps';

/** A stored fixture as the import compares it. */
export interface StoredFixture {
  id: string;
  round: string;
  kickoffAt: string;
  timeConfirmed: boolean;
  homeTeam: string;
  awayTeam: string;
  /** The teams are placeholders (issue 50). */
  tbd?: boolean;
  status: FixtureStatus;
  homeScore: number | null;
  awayScore: number | null;
  firstGoalMinute: number | null;
  externalId: string | null;
  /** Who set which facts; absent = the catalogue's. */
  origins?: FieldOrigins;
}

export interface FixtureUpdate {
  kickoffAt?: string;
  timeConfirmed?: boolean;
  round?: string;
  homeTeam?: string;
  awayTeam?: string;
  tbd?: boolean;
  status?: 'final' | 'postponed' | 'cancelled' | 'scheduled';
  homeScore?: number;
  awayScore?: number;
  firstGoalMinute?: number | null;
}

const groupOf: Record<keyof FixtureUpdate, FixtureFieldGroup> = {
  kickoffAt: 'kickoff',
  timeConfirmed: 'kickoff',
  round: 'round',
  homeTeam: 'teams',
  awayTeam: 'teams',
  tbd: 'teams',
  status: 'status',
  homeScore: 'result',
  awayScore: 'result',
  firstGoalMinute: 'minute',
};

/**
 * The part of an update a source may apply: nothing an admin (or a stronger source) set. A
 * result follows its status: when the status is not ours to change, neither is the result.
 */
export const allowedUpdate = <U extends { [K in keyof FixtureUpdate]?: unknown }>(
  update: U,
  origins: FieldOrigins,
  by: FieldOrigin,
  precedence?: Precedence,
): U => {
  const statusAllowed = mayChange(origins, 'status', by, precedence);
  const allowed = {} as U;
  for (const key of Object.keys(update) as (keyof FixtureUpdate & keyof U)[]) {
    const group = groupOf[key];
    if (!mayChange(origins, group, by, precedence)) continue;
    if (!statusAllowed && (group === 'result' || group === 'minute')) continue;
    Object.assign(allowed, { [key]: update[key] });
  }
  return allowed;
};

/** Whether two instants fall on the same local date (UTC dates without a zone). */
const sameDay = (a: string, b: string, timeZone: string | undefined) =>
  timeZone
    ? zonedDateTime(new Date(a), timeZone).date === zonedDateTime(new Date(b), timeZone).date
    : new Date(a).toISOString().slice(0, 10) === new Date(b).toISOString().slice(0, 10);

export type PlannedRow =
  | { status: 'rejected'; row: ImportRowBase; reason: string }
  | { status: 'new'; row: ParsedRow; key: string }
  | {
      status: 'unchanged';
      row: ParsedRow;
      key: string;
      fixtureId: string;
      /** A source's kick-off moved far earlier, waiting for a second source (issue 49). */
      held?: 'kickoff';
    }
  | {
      status: 'changed';
      row: ParsedRow;
      key: string;
      fixtureId: string;
      update: FixtureUpdate;
      changes: (keyof FixtureUpdate)[];
      held?: 'kickoff';
    };

const keyOf = (f: StoredFixture) => externalKey(f.round, f.homeTeam, f.awayTeam);

/**
 * What the row changes on the fixture. A file that gives only the date keeps a known time on
 * that day; a postponed or cancelled match stays so until the file shows it scheduled again; a
 * file without a result never takes one away (nor moves a live match back); an unknown minute
 * in the file keeps a stored one.
 */
export const diffFixture = (row: ParsedRow, f: StoredFixture, timeZone?: string): FixtureUpdate => {
  const update: FixtureUpdate = {};
  const rowKickoff = new Date(row.kickoffAt).getTime();
  const storedKickoff = new Date(f.kickoffAt).getTime();
  const keepsKnownTime =
    !row.timeConfirmed && f.timeConfirmed && sameDay(row.kickoffAt, f.kickoffAt, timeZone);
  if (!keepsKnownTime) {
    if (rowKickoff !== storedKickoff) update.kickoffAt = row.kickoffAt;
    if (row.timeConfirmed !== f.timeConfirmed) update.timeConfirmed = row.timeConfirmed;
  }
  if (row.round !== f.round) update.round = row.round;
  if (row.homeTeam !== f.homeTeam) update.homeTeam = row.homeTeam;
  if (row.awayTeam !== f.awayTeam) update.awayTeam = row.awayTeam;
  if (row.tbd !== undefined && row.tbd !== (f.tbd ?? false)) update.tbd = row.tbd;
  if (row.status) {
    if (f.status !== row.status && f.status !== 'final') update.status = row.status;
    return update;
  }
  const r = row.result;
  if (!r) {
    // The file shows the match scheduled: a postponed or cancelled one is back on.
    if (f.status === 'postponed' || f.status === 'cancelled') update.status = 'scheduled';
    return update; // the file does not know a result: whatever is stored stays
  }
  if (f.status !== 'final') update.status = 'final';
  const scoreMoved = r.homeScore !== f.homeScore || r.awayScore !== f.awayScore;
  if (r.homeScore !== f.homeScore) update.homeScore = r.homeScore;
  if (r.awayScore !== f.awayScore) update.awayScore = r.awayScore;
  if (r.firstGoalMinute !== null) {
    if (r.firstGoalMinute !== f.firstGoalMinute) update.firstGoalMinute = r.firstGoalMinute;
  } else if (scoreMoved && f.firstGoalMinute !== null) {
    update.firstGoalMinute = null; // the stored minute belonged to another score
  }
  return update;
};

export interface PlanOptions {
  /** Who applies the file: an admin changes anything; a source only what is not an admin's. */
  by?: FieldOrigin;
  /** With it, a result for a match whose kick-off is still ahead is rejected (docs/design.md §3). */
  now?: Date;
  /** The zone of the file's local times: a date-only row keeps a known time on that date. */
  timeZone?: string;
  /** How strong each source's word is (needed when `by` is a source). */
  precedence?: Precedence;
  /**
   * For a source (issue 49): the kick-offs other sources give each fixture. A kick-off the file
   * moves more than 2 hours earlier is held until another source (or an admin) says the same.
   */
  otherKickoffs?: ReadonlyMap<string, readonly string[]>;
  /**
   * For a source (issue 50): other spellings of our team names. A row no key or pair of names
   * finds is then paired by date and teams as the live sources pair their matches, so a file
   * naming clubs its own way ('Reading FC') finds the season another source created.
   */
  aliases?: TeamAliases;
  /**
   * For a source with ids of its own (issue 50): the fixture each of its match ids is paired
   * with (live_links). A row with a paired id is that fixture; its teams may change only while
   * the fixture's are to be determined, and a row naming other teams than a decided fixture's is
   * refused (a remembered id holds only while its teams match, issue 49).
   */
  pairings?: ReadonlyMap<string, string>;
}

/**
 * Matches the file's rows to stored fixtures (of one season) and says what each would do. A
 * fixture is recognised by its key (`round|home|away`, stored as external_id on import), else
 * by its teams when that pair appears once (a match moved to another round), else by round and
 * kick-off (teams decided later, TBD → a name). Each fixture matches one row at most.
 */
export const planImport = (
  rows: ImportRow[],
  stored: StoredFixture[],
  options: PlanOptions = {},
): PlannedRow[] => runSteps(planSteps(rows, stored, options));

/** How many items have each key, a step per item. */
function* count<T>(items: T[], key: (item: T) => string): Steps<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    yield;
  }
  return counts;
}

/** `planImport`, a step per stored fixture or file row looked at. */
export function* planSteps(
  rows: ImportRow[],
  stored: StoredFixture[],
  { by = 'admin', now, timeZone, precedence, otherKickoffs, aliases, pairings }: PlanOptions = {},
): Steps<PlannedRow[]> {
  const byId = new Map(stored.map((f) => [f.id, f]));
  // Each stored fixture's key, worked out once (rows that match none look at every fixture).
  const keys = new Map<string, string>();
  const byKey = new Map<string, StoredFixture>();
  for (const f of stored) {
    const key = keyOf(f);
    keys.set(f.id, key);
    byKey.set(key, f);
    yield;
  }
  for (const f of stored) if (f.externalId && !byKey.has(f.externalId)) byKey.set(f.externalId, f);
  const parsed = rows.filter((r): r is ParsedRow => r.ok);
  const fileKeys = new Set<string>();
  for (const r of parsed) {
    fileKeys.add(externalKey(r.round, r.homeTeam, r.awayTeam));
    yield;
  }
  const fileTeams = yield* count(parsed, (r) => teamsKey(r.homeTeam, r.awayTeam));
  const storedTeams = yield* count(stored, (f) => teamsKey(f.homeTeam, f.awayTeam));
  const used = new Set<string>();
  const seen = new Map<string, number>();

  const findFixture = (row: ParsedRow, key: string) => {
    const exact = byKey.get(key);
    if (exact && !used.has(exact.id)) return exact;
    const teams = teamsKey(row.homeTeam, row.awayTeam);
    // Only fixtures the file does not name by key can have moved.
    const free = stored.filter((f) => !used.has(f.id) && !fileKeys.has(keys.get(f.id) ?? ''));
    if (fileTeams.get(teams) === 1 && storedTeams.get(teams) === 1) {
      const moved = free.find((f) => teamsKey(f.homeTeam, f.awayTeam) === teams);
      if (moved) return moved;
    }
    const when = new Date(row.kickoffAt).getTime();
    const sameSlot = free.filter(
      (f) => f.round === row.round && new Date(f.kickoffAt).getTime() === when,
    );
    if (sameSlot.length === 1) return sameSlot[0];
    if (!aliases) return undefined;
    const near = free.filter(
      (f) => Math.abs(new Date(f.kickoffAt).getTime() - when) <= pairingWindowMs,
    );
    return (
      pairMatch(
        { kickoffAt: row.kickoffAt, home: [row.homeTeam], away: [row.awayTeam] },
        near,
        aliases,
      ) ?? undefined
    );
  };

  /** The fixture a row's source id is paired with, and the row as it applies to it. */
  const paired = (
    row: ParsedRow,
  ): { fixture: StoredFixture; row: ParsedRow } | { refused: string } | null => {
    const id = row.matchId === undefined ? undefined : pairings?.get(row.matchId);
    const fixture = id === undefined ? undefined : byId.get(id);
    if (!fixture || used.has(fixture.id)) return null;
    // A source without rounds of its own (ESPN) keeps the round the fixture was filed in.
    if (fixture.tbd || row.tbd) return { fixture, row: { ...row, round: fixture.round } };
    const names = aliases ?? new Map<string, readonly string[]>();
    if (
      teamLikeness(fixture.homeTeam, [row.homeTeam], names) === 0 ||
      teamLikeness(fixture.awayTeam, [row.awayTeam], names) === 0
    )
      return { refused: `Other teams than fixture ${fixture.id} it is paired with.` };
    // The same clubs, perhaps spelt another way: the fixture keeps its names (and its key).
    return {
      fixture,
      row: { ...row, homeTeam: fixture.homeTeam, awayTeam: fixture.awayTeam, round: fixture.round },
    };
  };

  const planRow = (given: ImportRow): PlannedRow => {
    if (!given.ok) return { status: 'rejected', row: given, reason: given.reason };
    const pairing = paired(given);
    if (pairing && 'refused' in pairing)
      return { status: 'rejected', row: given, reason: pairing.refused };
    const row = pairing?.row ?? given;
    const early = {
      status: 'rejected' as const,
      row,
      reason: 'A result for a match whose kick-off is still ahead.',
    };
    const ahead = (kickoffAt: string) => now !== undefined && new Date(kickoffAt) > now;
    if (row.result && ahead(row.kickoffAt)) return early;
    const key = externalKey(row.round, row.homeTeam, row.awayTeam);
    // A source with ids of its own tells its matches apart by id: two undecided ties may both
    // be 'TBD v TBD'.
    const identity = row.matchId === undefined ? key : `id:${row.matchId}`;
    const earlier = seen.get(identity);
    if (earlier !== undefined)
      return { status: 'rejected', row, reason: `The same match as row ${earlier + 1}.` };
    seen.set(identity, row.index);
    const fixture = pairing?.fixture ?? findFixture(row, key);
    if (!fixture) return { status: 'new', row, key };
    used.add(fixture.id);
    const update = allowedUpdate(
      diffFixture(row, fixture, timeZone),
      fixture.origins ?? {},
      by,
      precedence,
    );
    let held: 'kickoff' | undefined;
    if (
      by !== 'admin' &&
      update.kickoffAt !== undefined &&
      movesKickoffFarEarlier(fixture, update.kickoffAt, otherKickoffs?.get(fixture.id) ?? [])
    ) {
      delete update.kickoffAt;
      delete update.timeConfirmed;
      held = 'kickoff';
    }
    // A played match is not moved into the future by a source (its result would stand before
    // its kick-off): the rest of the row applies.
    if (
      by !== 'admin' &&
      update.kickoffAt !== undefined &&
      (update.status ?? fixture.status) === 'final' &&
      ahead(update.kickoffAt)
    ) {
      delete update.kickoffAt;
      delete update.timeConfirmed;
    }
    // The kick-off that will be stored (an admin's may stand) must have passed for a result.
    if (update.status === 'final' && ahead(update.kickoffAt ?? fixture.kickoffAt)) return early;
    const changes = Object.keys(update) as (keyof FixtureUpdate)[];
    if (changes.length === 0)
      return { status: 'unchanged', row, key, fixtureId: fixture.id, ...(held ? { held } : {}) };
    return {
      status: 'changed',
      row,
      key,
      fixtureId: fixture.id,
      update,
      changes,
      ...(held ? { held } : {}),
    };
  };
  const plan: PlannedRow[] = [];
  for (const row of rows) {
    plan.push(planRow(row));
    yield;
  }
  return plan;
}

export const countPlan = (plan: PlannedRow[]) => {
  const counts = { new: 0, changed: 0, unchanged: 0, rejected: 0 };
  for (const p of plan) counts[p.status] += 1;
  return counts;
};

/** The API's view of a planned row. */
export const describePlannedRow = (p: PlannedRow, fixtureId?: string) => ({
  index: p.row.index,
  ...(p.row.line !== undefined ? { line: p.row.line } : {}),
  status: p.status,
  ...(p.status === 'rejected' ? { reason: p.reason } : {}),
  ...(p.status === 'changed' || p.status === 'unchanged' ? { fixtureId: p.fixtureId } : {}),
  ...(fixtureId ? { fixtureId } : {}),
  ...(p.status !== 'rejected'
    ? {
        kickoffAt: p.row.kickoffAt,
        timeConfirmed: p.row.timeConfirmed,
        ...(p.row.status ? { fixtureStatus: p.row.status } : {}),
      }
    : {}),
  homeTeam: p.row.homeTeam,
  awayTeam: p.row.awayTeam,
  round: p.row.round,
  ...(p.status !== 'rejected' && p.row.result ? { result: p.row.result } : {}),
  ...(p.status === 'changed' ? { changes: p.changes } : {}),
});

/**
 * Round order of each round label: a label already stored keeps its order; 'Matchday N' is N;
 * any other new one gets its place among the file's rounds ordered by their first kick-off.
 */
export const roundOrders = (rows: ImportRow[], stored: Map<string, number>) => {
  const firstKickoff = new Map<string, string>();
  for (const r of rows)
    if (r.ok && (firstKickoff.get(r.round) ?? '\uffff') > r.kickoffAt)
      firstKickoff.set(r.round, r.kickoffAt);
  const ordered = [...firstKickoff].sort((a, b) => a[1].localeCompare(b[1])).map(([l]) => l);
  const matchday = (label: string) => {
    const n = /^Matchday (\d{1,3})$/.exec(label)?.[1];
    return n ? Number(n) : undefined;
  };
  return new Map(ordered.map((label, i) => [label, stored.get(label) ?? matchday(label) ?? i + 1]));
};
