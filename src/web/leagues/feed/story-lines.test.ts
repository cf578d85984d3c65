import { beforeAll, describe, expect, it } from 'vitest';
import type { RoundStory } from '../../../domain/story';
import { i18n, i18nReady } from '../../i18n/i18n';
import { storyCalls, storyLines } from './story-lines';

// The matchday story worded in the reader's language (issue 33): the same facts, six languages,
// plurals by count, long lists cut with how many more.

const team = (id: string, name: string) => ({ id, name });
const f1 = { id: 'f1', homeTeam: 'Arsenal', awayTeam: 'Chelsea', score: '2–1' };
const f2 = { id: 'f2', homeTeam: 'Everton', awayTeam: 'Leeds United', score: '0–0' };
const story: RoundStory = {
  played: 2,
  postponed: 1,
  cancelled: 0,
  teams: 3,
  winners: { teams: [team('a', 'Ann Albion')], total: 1, points: 12 },
  exactMinutes: {
    total: 2,
    items: [
      { team: team('a', 'Ann Albion'), fixture: f1, minute: 12 },
      { team: team('a', 'Ann Albion'), fixture: f2, minute: 0 },
    ],
  },
  closestMiss: {
    by: 1,
    items: [{ team: team('b', 'Bob Borough'), fixture: f1, minute: 13, actual: 12 }],
  },
  jokersPaid: { total: 1, items: [{ team: team('a', 'Ann Albion'), fixture: f1, points: 8 }] },
  jokersBurned: { total: 1, items: [{ team: team('b', 'Bob Borough'), fixture: f1 }] },
  climber: { team: team('a', 'Ann Albion'), from: 4, to: 1 },
  faller: { team: team('b', 'Bob Borough'), from: 1, to: 2 },
  lonePicks: { total: 1, items: [{ team: team('a', 'Ann Albion'), fixture: f2, outcome: 'X' }] },
  calls: [
    { fixture: f1, outcome: '1', right: 2, of: 3 },
    { fixture: f2, outcome: 'X', right: 1, of: 3 },
  ],
  earliestGoal: { fixture: f1, minute: 12 },
};

beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages(['de', 'es', 'fr', 'it', 'pt']);
});

const lines = (language: string, facts = story, limit?: number) =>
  storyLines(i18n.getFixedT(language), language, facts, limit).map((l) => l.text);

describe('the story in words', () => {
  it('tells every fact in English', () => {
    expect(lines('en')).toEqual([
      'Ann Albion won the round with 12 points.',
      'Ann Albion called the first goal to the minute: 12′ in Arsenal 2–1 Chelsea.',
      'Ann Albion called a goalless Everton 0–0 Leeds United.',
      'Closest miss: Bob Borough, 1 minute off (13′ for 12′ in Arsenal 2–1 Chelsea).',
      'Joker paid off for Ann Albion: 8 points in Arsenal 2–1 Chelsea.',
      'Joker burned for Bob Borough in Arsenal 2–1 Chelsea.',
      'Biggest climber: Ann Albion, up 3 places (4 → 1).',
      'Biggest faller: Bob Borough, down 1 place (1 → 2).',
      'Only Ann Albion called the draw in Everton 0–0 Leeds United.',
      'The earliest first goal: 12′ in Arsenal 2–1 Chelsea.',
      '1 match was postponed: the round is told without it.',
    ]);
    expect(storyCalls(i18n.getFixedT('en'), story).map((c) => [c.match, c.text])).toEqual([
      ['Arsenal 2–1 Chelsea', '2 of 3 called the home win'],
      ['Everton 0–0 Leeds United', '1 of 3 called the draw'],
    ]);
  });

  it('uses each language’s plurals', () => {
    const de = lines('de');
    expect(de).toContain('Größter Aufsteiger: Ann Albion, 3 Plätze nach oben (4 → 1).');
    expect(de).toContain('Größter Absteiger: Bob Borough, 1 Platz nach unten (1 → 2).');
    expect(lines('fr')[0]).toBe('Ann Albion remporte la journée avec 12 points.');
    // The verb agrees with those who called it.
    expect(storyCalls(i18n.getFixedT('fr'), story).map((c) => c.text)).toEqual([
      '2 sur 3 ont prédit la victoire à domicile',
      '1 sur 3 a prédit le nul',
    ]);
    expect(lines('en', { ...story, postponed: 0, cancelled: 2 }).at(-1)).toBe(
      '2 matches were cancelled.',
    );
    const one = { ...story, winners: { teams: [team('a', 'Ann Albion')], total: 1, points: 1 } };
    expect(lines('es', one)[0]).toBe('Ann Albion ganó la jornada con 1 punto.');
    expect(lines('pt', one)[0]).toBe('Ann Albion venceu a jornada com 1 ponto.');
    expect(lines('it', one)[0]).toBe('Ann Albion vince la giornata con 1 punto.');
    // No language falls back to English for any line.
    for (const language of ['de', 'es', 'fr', 'it', 'pt'])
      for (const [i, text] of lines(language).entries())
        expect(text, `${language} line ${i}`).not.toBe(lines('en')[i]);
  });

  it('names shared winners in the language’s list style and cuts long lists', () => {
    const many = Array.from({ length: 30 }, (_, i) => team(`t${i}`, `Team ${i}`));
    const crowded: RoundStory = {
      ...story,
      winners: { teams: many.slice(0, 3), total: 30, points: 4 },
      exactMinutes: {
        total: 30,
        items: many.slice(0, 10).map((t) => ({ team: t, fixture: f1, minute: 12 })),
      },
    };
    const en = lines('en', crowded, 2);
    expect(en[0]).toBe('Team 0, Team 1, Team 2 and 27 more shared the round win with 4 points.');
    expect(en.slice(1, 4)).toEqual([
      'Team 0 called the first goal to the minute: 12′ in Arsenal 2–1 Chelsea.',
      'Team 1 called the first goal to the minute: 12′ in Arsenal 2–1 Chelsea.',
      '… and 28 more.',
    ]);
    const two = { ...crowded, winners: { teams: many.slice(0, 2), total: 2, points: 4 } };
    expect(lines('de', two)[0]).toBe(
      'Team 0 und Team 1 teilen sich den Spieltagssieg mit 4 Punkten.',
    );
  });
});
