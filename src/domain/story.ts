import { z } from 'zod';
import type { FixtureStatus } from './fixtures';
import type { Outcome } from './predictions';
import { outcomeOf } from './scoring';

// The matchday story (issue 33): the facts of a league's finished round, worked out once from
// its fixtures, its teams' picks and places, kept as data and worded in each reader's language
// when shown. Pure: the server gathers the inputs, the browser renders the facts.

export interface StoryFixture {
  id: string;
  homeTeam: string;
  awayTeam: string;
  status: FixtureStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** 0: no goal; null: not known. */
  firstGoalMinute: number | null;
}

export interface StoryPick {
  teamId: string;
  fixtureId: string;
  outcome: Outcome;
  /** 0: no goal. */
  firstGoalMinute: number | null;
  joker: boolean;
  /** What it scored (joker included). */
  points: number;
}

export interface StoryTeam {
  id: string;
  name: string;
  /** Points of this round, and its exact minutes and right calls (the round table's order). */
  roundPoints: number;
  roundExact?: number;
  roundCorrect?: number;
  /** Place in the table before the round (null: it had none yet) and after it. */
  placeBefore: number | null;
  placeAfter: number;
}

export interface TeamRef {
  id: string;
  name: string;
}
export interface FixtureRef {
  id: string;
  homeTeam: string;
  awayTeam: string;
  /** '2–1' */
  score: string;
}
/** A list cut to its first `storyListMax` items, with how many there were. */
export interface Capped<T> {
  total: number;
  items: T[];
}

export interface RoundStory {
  /** Final fixtures of the round; postponed ones; cancelled ones. */
  played: number;
  postponed: number;
  cancelled: number;
  /** Teams with at least one pick in the round. */
  teams: number;
  /** The round's top teams (the first `storyListMax` by name, `total` of them). */
  winners: { teams: TeamRef[]; total: number; points: number } | null;
  exactMinutes: Capped<{ team: TeamRef; fixture: FixtureRef; minute: number }>;
  /** The nearest first-goal minutes that were not exact. */
  closestMiss: {
    by: number;
    items: { team: TeamRef; fixture: FixtureRef; minute: number; actual: number }[];
  } | null;
  jokersPaid: Capped<{ team: TeamRef; fixture: FixtureRef; points: number }>;
  jokersBurned: Capped<{ team: TeamRef; fixture: FixtureRef }>;
  climber: { team: TeamRef; from: number; to: number } | null;
  faller: { team: TeamRef; from: number; to: number } | null;
  /** A right 1X2 call nobody else in the league made. */
  lonePicks: Capped<{ team: TeamRef; fixture: FixtureRef; outcome: Outcome }>;
  /** Per final fixture: how many of the teams that picked it called its result. */
  calls: { fixture: FixtureRef; outcome: Outcome; right: number; of: number }[];
  earliestGoal: { fixture: FixtureRef; minute: number } | null;
}

export const storyListMax = 10;
const missesShown = 3;

/** A round is told once every fixture of it is final, postponed or cancelled, one at least final. */
export const roundComplete = (fixtures: readonly Pick<StoryFixture, 'status'>[]) =>
  fixtures.some((f) => f.status === 'final') &&
  fixtures.every(
    (f) => f.status === 'final' || f.status === 'postponed' || f.status === 'cancelled',
  );

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: TeamRef, b: TeamRef) =>
  collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

/**
 * The first `n` of a list in `compare`'s order, with the list's length: one pass that keeps the
 * few shown in order (a league of 10,000 teams never sorts them all).
 */
const firstOf = <T>(list: Iterable<T>, compare: (a: T, b: T) => number, n: number): Capped<T> => {
  const items: T[] = [];
  let total = 0;
  for (const item of list) {
    total += 1;
    const last = items[items.length - 1];
    if (items.length === n && last !== undefined && compare(item, last) >= 0) continue;
    let at = items.length;
    while (at > 0 && compare(item, items[at - 1] as T) < 0) at -= 1;
    items.splice(at, 0, item);
    if (items.length > n) items.pop();
  }
  return { total, items };
};

/** The facts of a finished round; null when nothing of it was played. */
export const roundStory = (input: {
  fixtures: readonly StoryFixture[];
  teams: readonly StoryTeam[];
  picks: readonly StoryPick[];
}): RoundStory | null => {
  const finals = input.fixtures.filter(
    (f): f is StoryFixture & { homeScore: number; awayScore: number } =>
      f.status === 'final' && f.homeScore !== null && f.awayScore !== null,
  );
  if (finals.length === 0) return null;
  const fixtureRef = new Map<string, FixtureRef>(
    finals.map((f) => [
      f.id,
      {
        id: f.id,
        homeTeam: f.homeTeam,
        awayTeam: f.awayTeam,
        score: `${f.homeScore}–${f.awayScore}`,
      },
    ]),
  );
  const actual = new Map(finals.map((f) => [f.id, f]));
  const teamRef = new Map<string, TeamRef>(
    input.teams.map((t) => [t.id, { id: t.id, name: t.name }]),
  );
  const picks = input.picks.filter((p) => actual.has(p.fixtureId) && teamRef.has(p.teamId));
  const ref = (p: StoryPick) => ({
    team: teamRef.get(p.teamId) as TeamRef,
    fixture: fixtureRef.get(p.fixtureId) as FixtureRef,
  });
  const pickOrder = (
    a: { team: TeamRef; fixture: FixtureRef },
    b: { team: TeamRef; fixture: FixtureRef },
  ) => byName(a.team, b.team) || (a.fixture.id < b.fixture.id ? -1 : 1);

  const players = new Set(picks.map((p) => p.teamId));
  // The round table's winners: level with the top on points, exact minutes and right calls.
  const score = (t: StoryTeam) => [t.roundPoints, t.roundExact ?? 0, t.roundCorrect ?? 0];
  const above = (a: StoryTeam, b: StoryTeam) => {
    const [x, y] = [score(a), score(b)];
    return (x[0] ?? 0) - (y[0] ?? 0) || (x[1] ?? 0) - (y[1] ?? 0) || (x[2] ?? 0) - (y[2] ?? 0);
  };
  const playing = input.teams.filter((t) => players.has(t.id));
  let first: StoryTeam | undefined;
  for (const t of playing) if (!first || above(t, first) > 0) first = t;
  const top = first?.roundPoints ?? 0;
  const best =
    first && top > 0
      ? firstOf(
          playing.filter((t) => above(t, first) === 0).map((t) => ({ id: t.id, name: t.name })),
          byName,
          storyListMax,
        )
      : null;
  const winners = best ? { teams: best.items, total: best.total, points: top } : null;

  const exactMinutes = firstOf(
    picks
      .filter((p) => {
        const f = actual.get(p.fixtureId);
        return (
          f !== undefined && f.firstGoalMinute !== null && p.firstGoalMinute === f.firstGoalMinute
        );
      })
      .map((p) => ({ ...ref(p), minute: p.firstGoalMinute as number })),
    pickOrder,
    storyListMax,
  );

  // Near the real minute, a goal on both sides (0 is 'no goal': no distance to it).
  let nearest = Number.POSITIVE_INFINITY;
  const distance = (p: StoryPick) => {
    const real = actual.get(p.fixtureId)?.firstGoalMinute ?? null;
    if (real === null || real === 0 || p.firstGoalMinute === null || p.firstGoalMinute === 0)
      return null;
    const by = Math.abs(p.firstGoalMinute - real);
    return by === 0 ? null : { by, real };
  };
  for (const p of picks) nearest = Math.min(nearest, distance(p)?.by ?? nearest);
  const nearMisses = picks.flatMap((p) => {
    const d = distance(p);
    return d && d.by === nearest
      ? [{ ...ref(p), minute: p.firstGoalMinute as number, actual: d.real }]
      : [];
  });
  const closestMiss =
    nearMisses.length > 0
      ? { by: nearest, items: firstOf(nearMisses, pickOrder, missesShown).items }
      : null;

  const jokers = picks.filter((p) => p.joker);
  const jokersPaid = firstOf(
    jokers.filter((p) => p.points > 0).map((p) => ({ ...ref(p), points: p.points })),
    (a, b) => b.points - a.points || pickOrder(a, b),
    storyListMax,
  );
  const jokersBurned = firstOf(
    jokers.filter((p) => p.points === 0).map(ref),
    pickOrder,
    storyListMax,
  );

  const moved = input.teams.flatMap((t) =>
    t.placeBefore === null
      ? []
      : [{ team: { id: t.id, name: t.name }, from: t.placeBefore, to: t.placeAfter }],
  );
  const most = (gain: (m: (typeof moved)[number]) => number) =>
    firstOf(
      moved.filter((m) => gain(m) > 0),
      (a, b) => gain(b) - gain(a) || a.to - b.to || byName(a.team, b.team),
      1,
    ).items[0] ?? null;
  const climber = most((m) => m.from - m.to);
  const faller = most((m) => m.to - m.from);

  // One pass over the picks: how many called each result, and who when only one did.
  const results = new Map(finals.map((f) => [f.id, outcomeOf(f.homeScore, f.awayScore)]));
  const tally = new Map(
    finals.map((f) => [f.id, { right: 0, of: 0, pick: null as StoryPick | null }]),
  );
  for (const p of picks) {
    const t = tally.get(p.fixtureId);
    if (!t) continue;
    t.of += 1;
    if (p.outcome === results.get(p.fixtureId)) {
      t.right += 1;
      t.pick = p;
    }
  }
  const calls = finals.map((f) => {
    const t = tally.get(f.id) as { right: number; of: number };
    return {
      fixture: fixtureRef.get(f.id) as FixtureRef,
      outcome: results.get(f.id) as Outcome,
      right: t.right,
      of: t.of,
    };
  });
  const lonePicks = firstOf(
    finals.flatMap((f) => {
      const t = tally.get(f.id);
      return t?.pick && t.right === 1 && t.of >= 2
        ? [{ ...ref(t.pick), outcome: results.get(f.id) as Outcome }]
        : [];
    }),
    pickOrder,
    storyListMax,
  );

  const goals = finals.filter((f) => f.firstGoalMinute !== null && f.firstGoalMinute > 0);
  const earliest = goals.sort((a, b) => (a.firstGoalMinute ?? 0) - (b.firstGoalMinute ?? 0))[0];

  return {
    played: finals.length,
    postponed: input.fixtures.filter((f) => f.status === 'postponed').length,
    cancelled: input.fixtures.filter((f) => f.status === 'cancelled').length,
    teams: players.size,
    winners,
    exactMinutes,
    closestMiss,
    jokersPaid,
    jokersBurned,
    climber,
    faller,
    lonePicks,
    calls,
    earliestGoal: earliest
      ? {
          fixture: fixtureRef.get(earliest.id) as FixtureRef,
          minute: earliest.firstGoalMinute ?? 0,
        }
      : null,
  };
};

// ------------------------------------------------------------------------------------------
// The API's shape: GET /api/leagues/{id}/stories

const teamRef = z.object({ id: z.string(), name: z.string() });
const fixtureRef = z.object({
  id: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  score: z.string(),
});
const cappedOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ total: z.number().int(), items: z.array(item) });
const outcome = z.enum(['1', 'X', '2']);
const move = z.object({ team: teamRef, from: z.number().int(), to: z.number().int() }).nullable();

export const roundStorySchema = z.object({
  played: z.number().int(),
  postponed: z.number().int(),
  cancelled: z.number().int(),
  teams: z.number().int(),
  winners: z
    .object({ teams: z.array(teamRef), total: z.number().int(), points: z.number().int() })
    .nullable(),
  exactMinutes: cappedOf(z.object({ team: teamRef, fixture: fixtureRef, minute: z.number() })),
  closestMiss: z
    .object({
      by: z.number().int(),
      items: z.array(
        z.object({ team: teamRef, fixture: fixtureRef, minute: z.number(), actual: z.number() }),
      ),
    })
    .nullable(),
  jokersPaid: cappedOf(z.object({ team: teamRef, fixture: fixtureRef, points: z.number() })),
  jokersBurned: cappedOf(z.object({ team: teamRef, fixture: fixtureRef })),
  climber: move,
  faller: move,
  lonePicks: cappedOf(z.object({ team: teamRef, fixture: fixtureRef, outcome })),
  calls: z.array(
    z.object({
      fixture: fixtureRef,
      outcome,
      right: z.number().int(),
      of: z.number().int(),
    }),
  ),
  earliestGoal: z.object({ fixture: fixtureRef, minute: z.number() }).nullable(),
}) satisfies z.ZodType<RoundStory>;

export const leagueStory = z.object({
  season: z.string(),
  round: z.string(),
  roundOrder: z.number().int(),
  /** When the story was first told, and when a correction last changed it ('updated'). */
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  story: roundStorySchema,
});
export type LeagueStory = z.infer<typeof leagueStory>;

export const pinBody = z.object({ messageId: z.string().min(1).max(64) });
