import type { Kysely, Transaction } from 'kysely';
import type { StoryPick, StoryTeam } from '../../domain/story';
import type { DB } from '../db/schema';
import { picksOfTeams } from '../predictions-store/league-repository';
import { yieldToEventLoop } from '../runtime/event-loop';

type Db = Kysely<DB> | Transaction<DB>;

/** Teams read at a time: a league of 10,000 is 20 short steps with the event loop free between. */
const storyPartTeams = 500;

interface Score {
  points: number;
  exact: number;
  correct: number;
}
const zero = (): Score => ({ points: 0, exact: 0, correct: 0 });
const better = (a: Score, b: Score) =>
  a.points !== b.points
    ? a.points > b.points
    : a.exact !== b.exact
      ? a.exact > b.exact
      : a.correct > b.correct;

/** Places by score, level teams sharing one (1, 1, 3), as the round-by-round table ranks them. */
const placesOf = (scores: Map<string, Score>) => {
  const order = [...scores.entries()].sort(([, a], [, b]) =>
    better(a, b) ? -1 : better(b, a) ? 1 : 0,
  );
  const places = new Map<string, number>();
  order.forEach(([id, s], i) => {
    const previous = order[i - 1];
    places.set(
      id,
      previous && !better(previous[1], s) ? (places.get(previous[0]) as number) : i + 1,
    );
  });
  return places;
};

/**
 * What a league's story of a round is made of (issue 33): its teams with the round's score and
 * their places before and after it, and their picks of the round's fixtures. Places are those of
 * the round-by-round table (the rounds up to this one, bonus questions aside): the season's totals
 * less the rounds after this one, so a story worked out late tells the same as one worked out at
 * once, and the latest round reads one totals row a team. Read a part of teams at a time, each by
 * primary key: the work grows with the league, never with other leagues.
 */
export const storyInputs = async (
  db: Db,
  league: { id: string },
  season: string,
  /** This round's label and those of the season's rounds after it. */
  rounds: { label: string; later: readonly string[] },
  fixtureIds: readonly string[],
): Promise<{ teams: StoryTeam[]; picks: StoryPick[] }> => {
  const names = new Map<string, string>();
  const before = new Map<string, Score>();
  const after = new Map<string, Score>();
  const inRound = new Map<string, Score>();
  const picks: StoryPick[] = [];
  const labels = [rounds.label, ...rounds.later];
  let last = '';
  for (;;) {
    if (last !== '') await yieldToEventLoop();
    const part = await db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('league_id', '=', league.id)
      .where('id', '>', last)
      .orderBy('id')
      .limit(storyPartTeams)
      .execute();
    if (part.length === 0) break;
    last = (part.at(-1) as { id: string }).id;
    const ids = part.map((t) => t.id);
    for (const t of part) names.set(t.id, t.name);
    const [seasonTotals, totals, rows] = await Promise.all([
      db
        .selectFrom('team_totals')
        .select(['team_id', 'points', 'bonus_points', 'exact_minutes', 'correct_outcomes'])
        .where('team_id', 'in', ids)
        .where('season', '=', season)
        .execute(),
      db
        .selectFrom('round_totals')
        .select(['team_id', 'round_label', 'points', 'exact_minutes', 'correct_outcomes'])
        .where('team_id', 'in', ids)
        .where('season', '=', season)
        .where('round_label', 'in', labels)
        .execute(),
      picksOfTeams(db, ids, fixtureIds),
    ]);
    // After the round: the season's totals without bonus points and without the later rounds.
    for (const r of seasonTotals)
      after.set(r.team_id, {
        points: Number(r.points) - Number(r.bonus_points),
        exact: Number(r.exact_minutes),
        correct: Number(r.correct_outcomes),
      });
    for (const r of totals) {
      const into = r.round_label === rounds.label ? inRound : after;
      const sign = r.round_label === rounds.label ? 1 : -1;
      const s = into.get(r.team_id) ?? zero();
      s.points += sign * Number(r.points);
      s.exact += sign * Number(r.exact_minutes);
      s.correct += sign * Number(r.correct_outcomes);
      into.set(r.team_id, s);
    }
    for (const p of rows)
      picks.push({
        teamId: p.team_id,
        fixtureId: p.fixture_id,
        outcome: p.outcome,
        firstGoalMinute: p.first_goal_minute,
        joker: Boolean(p.joker),
        points: Number(p.points ?? 0),
      });
  }
  // Teams with no total (nothing scored yet) stand level at the foot of the table, above nobody.
  for (const p of picks) if (!after.has(p.teamId)) after.set(p.teamId, zero());
  // Before the round: after it, less the round. Nobody has a place before the first round.
  for (const [id, a] of after) {
    const r = inRound.get(id) ?? zero();
    before.set(id, {
      points: a.points - r.points,
      exact: a.exact - r.exact,
      correct: a.correct - r.correct,
    });
  }
  const scoredBefore = [...before.values()].some((s) => better(s, zero()));
  await yieldToEventLoop();
  const placesBefore = scoredBefore ? placesOf(before) : new Map<string, number>();
  await yieldToEventLoop();
  const placesAfter = placesOf(after);
  await yieldToEventLoop();
  const teams = [...after.keys()].map((id) => {
    const round = inRound.get(id) ?? zero();
    return {
      id,
      name: names.get(id) ?? '',
      roundPoints: round.points,
      roundExact: round.exact,
      roundCorrect: round.correct,
      placeBefore: placesBefore.get(id) ?? null,
      placeAfter: placesAfter.get(id) as number,
    };
  });
  return { teams, picks };
};
