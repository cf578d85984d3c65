import type { TFunction } from 'i18next';
import type { Outcome } from '../../../domain/predictions';
import type { RoundStory } from '../../../domain/story';

/**
 * The matchday story (issue 33) in the reader's language: its facts, kept as data by the server,
 * become lines here — the same lines for the card and for the shared image.
 */

export type StoryLineKind =
  | 'winner'
  | 'exact'
  | 'closest'
  | 'jokerPaid'
  | 'jokerBurned'
  | 'climber'
  | 'faller'
  | 'lone'
  | 'earliest'
  | 'postponed'
  | 'cancelled';

export interface StoryLine {
  kind: StoryLineKind;
  icon: string;
  text: string;
  /** '… and 3 more' after a list cut short. */
  more?: true;
}

export interface StoryCall {
  match: string;
  text: string;
  right: number;
  of: number;
}

type Fixture = { homeTeam: string; awayTeam: string; score: string };

const icons: Record<StoryLineKind, string> = {
  winner: '🏆',
  exact: '🎯',
  closest: '📏',
  jokerPaid: '🃏',
  jokerBurned: '🔥',
  climber: '📈',
  faller: '📉',
  lone: '🦄',
  earliest: '⚡',
  postponed: '🗓️',
  cancelled: '🚫',
};

/** 'Arsenal 2–1 Chelsea'. */
export const matchOf = (f: Fixture) => `${f.homeTeam} ${f.score} ${f.awayTeam}`;

const minuteOf = (t: TFunction, minute: number) =>
  minute === 0 ? t('leagues.story.noGoal') : t('leagues.story.minute', { minute });

const callOf = (t: TFunction, outcome: Outcome) =>
  t(`leagues.story.call.${outcome === 'X' ? 'draw' : outcome === '1' ? 'home' : 'away'}`);

/** Names in the language's list style; past those shown, 'A, B, C and 27 more'. */
const namesOf = (t: TFunction, language: string, names: string[], total: number) => {
  if (total <= names.length)
    return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
  return t('leagues.story.andMore', { names: names.join(', '), count: total - names.length });
};

/** The story's lines, most telling first; `limit` keeps the first of each list (the image). */
export const storyLines = (
  t: TFunction,
  language: string,
  story: RoundStory,
  limit = Number.POSITIVE_INFINITY,
): StoryLine[] => {
  const lines: StoryLine[] = [];
  const add = (kind: StoryLineKind, text: string) => lines.push({ kind, icon: icons[kind], text });
  const more = (kind: StoryLineKind, shown: number, total: number) => {
    if (total > shown)
      lines.push({
        kind,
        icon: icons[kind],
        text: t('leagues.story.more', { count: total - shown }),
        more: true,
      });
  };

  if (story.winners) {
    const names = story.winners.teams.map((team) => team.name);
    add(
      'winner',
      t(story.winners.total > 1 ? 'leagues.story.winners' : 'leagues.story.winner', {
        teams: namesOf(t, language, names, story.winners.total),
        count: story.winners.points,
      }),
    );
  } else add('winner', t('leagues.story.noWinner'));

  const exact = story.exactMinutes.items.slice(0, limit);
  for (const e of exact)
    add(
      'exact',
      t(e.minute === 0 ? 'leagues.story.exactNoGoal' : 'leagues.story.exact', {
        team: e.team.name,
        minute: minuteOf(t, e.minute),
        match: matchOf(e.fixture),
      }),
    );
  more('exact', exact.length, story.exactMinutes.total);
  if (story.exactMinutes.total === 0) add('exact', t('leagues.story.noExact'));
  const miss = story.closestMiss?.items[0];
  if (story.closestMiss && miss)
    add(
      'closest',
      t('leagues.story.closest', {
        team: miss.team.name,
        count: story.closestMiss.by,
        minute: minuteOf(t, miss.minute),
        actual: minuteOf(t, miss.actual),
        match: matchOf(miss.fixture),
      }),
    );

  const paid = story.jokersPaid.items.slice(0, limit);
  for (const j of paid)
    add(
      'jokerPaid',
      t('leagues.story.jokerPaid', {
        team: j.team.name,
        count: j.points,
        match: matchOf(j.fixture),
      }),
    );
  more('jokerPaid', paid.length, story.jokersPaid.total);
  const burned = story.jokersBurned.items.slice(0, limit);
  for (const j of burned)
    add(
      'jokerBurned',
      t('leagues.story.jokerBurned', { team: j.team.name, match: matchOf(j.fixture) }),
    );
  more('jokerBurned', burned.length, story.jokersBurned.total);

  for (const [kind, move] of [
    ['climber', story.climber],
    ['faller', story.faller],
  ] as const)
    if (move)
      add(
        kind,
        t(`leagues.story.${kind}`, {
          team: move.team.name,
          count: Math.abs(move.from - move.to),
          from: move.from,
          to: move.to,
        }),
      );

  const lone = story.lonePicks.items.slice(0, limit);
  for (const l of lone)
    add(
      'lone',
      t('leagues.story.lone', {
        team: l.team.name,
        call: callOf(t, l.outcome),
        match: matchOf(l.fixture),
      }),
    );
  more('lone', lone.length, story.lonePicks.total);

  if (story.earliestGoal)
    add(
      'earliest',
      t('leagues.story.earliest', {
        minute: minuteOf(t, story.earliestGoal.minute),
        match: matchOf(story.earliestGoal.fixture),
      }),
    );
  if (story.postponed > 0)
    add('postponed', t('leagues.story.postponed', { count: story.postponed }));
  if (story.cancelled > 0)
    add('cancelled', t('leagues.story.cancelled', { count: story.cancelled }));
  return lines;
};

const highlightOrder: StoryLineKind[] = [
  'winner',
  'exact',
  'climber',
  'lone',
  'jokerPaid',
  'faller',
  'closest',
  'jokerBurned',
  'earliest',
  'postponed',
  'cancelled',
];

/** Lines shown before 'The whole story': one of each list, the most telling first. */
export const highlightsShown = 6;

/** The story's first lines, one of each kind of list: what fits a phone screen. */
export const storyHighlights = (t: TFunction, language: string, story: RoundStory) =>
  storyLines(t, language, story, 1)
    .filter((line) => !line.more)
    .sort((a, b) => highlightOrder.indexOf(a.kind) - highlightOrder.indexOf(b.kind))
    .slice(0, highlightsShown);

/** The league's own numbers: how many of those who picked each match called its result. */
export const storyCalls = (t: TFunction, story: RoundStory): StoryCall[] =>
  story.calls
    .filter((c) => c.of > 0)
    .map((c) => ({
      match: matchOf(c.fixture),
      right: c.right,
      of: c.of,
      // The verb agrees with those who called it: '1 of 3 called', '2 of 3 called'.
      text: t('leagues.story.calls', { count: c.right, of: c.of, call: callOf(t, c.outcome) }),
    }));
