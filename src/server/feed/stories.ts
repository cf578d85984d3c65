import { createHash } from 'node:crypto';
import type { FeedMessage } from '../../domain/feed';
import { roundComplete, roundStory, type LeagueStory, type RoundStory } from '../../domain/story';
import { authorize, can } from '../access/league-access';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { AppError } from '../errors';
import { yieldToEventLoop } from '../runtime/event-loop';
import { listFixtures, type StoredFixtureRow } from '../fixtures/repository';
import { seasonFixturesStamp } from '../fixtures/season-repository';
import { resolveSeason } from '../fixtures/seasons';
import type { LeagueRow } from '../leagues/repository';
import { storyInputs } from '../standings/standings';
import * as messages from './repository';
import { feedAccess, presentMessages, publishFeed } from './service';
import * as repo from './stories-repository';

/**
 * The matchday story (issue 33, decision 026): once every fixture of a round is final, postponed
 * or cancelled, the league's story of it is worked out from its teams' picks and places and kept
 * as facts, worded in each reader's language by the browser. Told when first read after the round
 * completes (so only leagues someone opens do the work), kept under the league's standings
 * version and its fixtures' state, and told again when a correction changes the round's fixtures:
 * if the facts then read differently the story says 'updated'.
 */

type Deps = Pick<Services, 'database' | 'bus' | 'env' | 'now' | 'logger' | 'standings'>;

interface Round {
  label: string;
  order: number;
  /** Its first kick-off: orders rounds whose `round_order` is the same (cup rounds often are). */
  startsAt: string;
  fixtures: StoredFixtureRow[];
  signature: string;
}

/** The season's rounds in the order they are played. */
const roundsOf = (fixtures: StoredFixtureRow[]): Round[] => {
  const byLabel = new Map<string, StoredFixtureRow[]>();
  for (const f of fixtures) byLabel.set(f.round, [...(byLabel.get(f.round) ?? []), f]);
  return [...byLabel.entries()]
    .map(([label, list]) => {
      const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
      return {
        label,
        order: Math.min(...sorted.map((f) => f.roundOrder)),
        startsAt: sorted.map((f) => f.kickoffAt).sort()[0] ?? '',
        fixtures: sorted,
        // What the story is told from: a correction of any of these tells it again.
        signature: createHash('sha256')
          .update(
            JSON.stringify(
              sorted.map((f) => [
                f.id,
                f.status,
                f.homeTeam,
                f.awayTeam,
                f.homeScore,
                f.awayScore,
                f.firstGoalMinute,
              ]),
            ),
          )
          .digest('base64url')
          .slice(0, 22),
      };
    })
    .sort(
      (a, b) =>
        a.order - b.order ||
        (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0) ||
        a.label.localeCompare(b.label),
    );
};

/**
 * A story stays shown while the matches it tells of are still final (a postponed match
 * rescheduled does not hide it; a withdrawn result does until the round is over again).
 */
const stillTrue = (story: RoundStory, fixtures: StoredFixtureRow[]) => {
  const status = new Map(fixtures.map((f) => [f.id, f.status]));
  return story.calls.every((c) => status.get(c.fixture.id) === 'final');
};

/**
 * How long one read tells rounds (one at least): a large league opened for the first time late in
 * the season gets its newest stories at once and the older ones on the next reads (tests lower it).
 */
export const storyTelling = { budgetMs: 1000 };

/** Leagues whose last read left rounds untold: their next read does not reuse it. */
const untold = new Map<string, number>();

/** Works out the stories of rounds completed or corrected since they were last told. */
const tell = async (
  deps: Deps,
  league: LeagueRow,
  season: string,
): Promise<{ stories: LeagueStory[]; pending: boolean }> => {
  const { db } = deps.database;
  const [fixtures, stored] = await Promise.all([
    listFixtures(db, league.competitionId, season),
    repo.storiesOf(db, league.id, season),
  ]);
  const rounds = roundsOf(fixtures);
  const told = new Map(stored.map((s) => [s.round, s]));
  // Rounds with nobody of the league in them are kept as nothing to tell (checked once).
  const complete = rounds.filter((r) => roundComplete(r.fixtures));
  const todo = complete.filter((r) => told.get(r.label)?.signature !== r.signature);
  // Told only from totals that count every result of the round (else: what was told so far, and
  // the next read looks again).
  let pending = false;
  if (todo.length > 0) {
    await deps.standings.makeCurrent(league);
    if (await deps.standings.behind(league)) {
      todo.length = 0;
      pending = true;
    }
  }
  // Newest first, within the read's budget.
  const started = performance.now();
  for (const [i, round] of todo.reverse().entries()) {
    if (i > 0 && performance.now() - started > storyTelling.budgetMs) {
      pending = true;
      break;
    }
    const later = rounds.slice(rounds.indexOf(round) + 1).map((r) => r.label);
    const finals = round.fixtures.filter((f) => f.status === 'final').map((f) => f.id);
    const inputs = await storyInputs(db, league, season, { label: round.label, later }, finals);
    await yieldToEventLoop();
    const story = roundStory({ fixtures: round.fixtures, ...inputs });
    await yieldToEventLoop();
    const factsJson = story && story.teams > 0 ? JSON.stringify(story) : null;
    const at = deps.now().toISOString();
    const was = told.get(round.label);
    const row = { leagueId: league.id, season, round: round.label, order: round.order };
    if (!was) {
      await repo.insertStory(db, { ...row, signature: round.signature, factsJson, createdAt: at });
      told.set(round.label, {
        ...row,
        signature: round.signature,
        factsJson,
        createdAt: at,
        updatedAt: null,
      });
    } else {
      const updatedAt = was.factsJson !== null && factsJson !== was.factsJson ? at : null;
      await repo.updateStory(db, { ...row, signature: round.signature, factsJson, updatedAt });
      told.set(round.label, {
        ...was,
        signature: round.signature,
        factsJson,
        updatedAt: updatedAt ?? was.updatedAt,
      });
    }
  }
  // Every round told whose matches are still final, newest first (older facts lack `cancelled`).
  const stories = rounds
    .flatMap((r) => {
      const s = told.get(r.label);
      if (!s?.factsJson) return [];
      const facts = JSON.parse(s.factsJson) as Partial<RoundStory>;
      const story = { ...facts, cancelled: facts.cancelled ?? 0 } as RoundStory;
      if (!stillTrue(story, r.fixtures)) return [];
      return [
        {
          season,
          round: r.label,
          roundOrder: r.order,
          createdAt: s.createdAt,
          updatedAt: s.updatedAt,
          story,
        },
      ];
    })
    .reverse();
  return { stories, pending };
};

/** The league's stories of its current season, newest round first. */
export const storiesOfLeague = async (deps: Deps, league: LeagueRow) => {
  const { db } = deps.database;
  const { season } = await resolveSeason(db, league.competitionId, undefined, deps.now());
  if (season === null) return [];
  // Kept under the league's version and the state of its season's fixtures (a postponement moves
  // no table, it may complete a round).
  const stamp = await seasonFixturesStamp(db, league.competitionId, season);
  const generation = untold.get(league.id) ?? 0;
  const told = await deps.standings.kept(
    league.id,
    'stories',
    `${season}\u0000${stamp}\u0000${generation}`,
    () => tell(deps, league, season),
  );
  if (told.pending) untold.set(league.id, generation + 1);
  return told.stories;
};

/** GET /api/leagues/{id}/stories: members only. */
export const listStories = async (
  deps: Deps,
  user: SessionUser | null,
  leagueId: string,
): Promise<{ stories: LeagueStory[]; pinned: FeedMessage | null; canPin: boolean }> => {
  const a = await feedAccess(deps, user, leagueId, 'read');
  const viewer = user as SessionUser;
  const { db } = deps.database;
  const [stories, pinId] = await Promise.all([
    storiesOfLeague(deps, a.league),
    repo.pinOf(db, a.league.id),
  ]);
  const pinnedRow = pinId ? await messages.findMessage(db, pinId) : null;
  const [pinned] =
    pinnedRow && !pinnedRow.deletedBy ? await presentMessages(deps, a, viewer, [pinnedRow]) : [];
  return {
    stories,
    pinned: pinned ?? null,
    canPin: a.standing.member && can(a.standing, 'administer'),
  };
};

/** The league admin pins a message of their own above the story (one at a time). */
export const pinMessage = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string; messageId: string },
) => {
  const a = await feedAccess(deps, user, input.leagueId, 'post');
  const viewer = user as SessionUser;
  authorize(a.standing, 'administer');
  const { db } = deps.database;
  const message = await messages.findMessage(db, input.messageId);
  if (!message || message.leagueId !== a.league.id) throw new AppError('MESSAGE_NOT_FOUND');
  if (message.deletedBy) throw new AppError('MESSAGE_GONE');
  if (message.userId !== viewer.id) throw new AppError('NOT_YOUR_MESSAGE');
  await repo.putPin(db, a.league.id, message.id, deps.now().toISOString());
  await publishFeed(deps, a.league.id);
};

/** The league admin (or a site admin) takes the pinned message down. */
export const unpinMessage = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string },
) => {
  const a = await feedAccess(deps, user, input.leagueId, 'read');
  authorize(a.standing, 'moderate');
  await repo.deletePin(deps.database.db, a.league.id);
  await publishFeed(deps, a.league.id);
};
