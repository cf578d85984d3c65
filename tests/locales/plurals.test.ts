import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { languages } from '../../src/domain/i18n';
import { pluralLocale, applyPluralLocales } from '../../src/domain/plural-rules';
import { flatten, load, pluralSuffix } from './load';

// Issue 31, point 7: wherever a number meets a noun the text is an i18next plural ('1 pt', '2
// pts'; '1 prediction'), in every language; never '1 pts'.
/** The texts where a counted number meets a noun, with what English says for 0, 1 and 2. */
const counted: { key: string; options?: Record<string, string>; en: [string, string, string] }[] = [
  { key: 'leagues.standings.pts', en: ['pts', 'pt', 'pts'] },
  {
    key: 'leagues.standings.ptsWithBonus',
    options: { bonus: '5' },
    en: ['pts · 5 bonus', 'pt · 5 bonus', 'pts · 5 bonus'],
  },
  { key: 'leagues.fixtures.points', en: ['0 pts', '1 pt', '2 pts'] },
  { key: 'predictions.pointsShort', en: ['0 pts', '1 pt', '2 pts'] },
  { key: 'leagues.hub.points', en: ['0 pts', '1 pt', '2 pts'] },
  { key: 'leagues.hub.earned', en: ['+0 pts', '+1 pt', '+2 pts'] },
  { key: 'live.race.points', en: ['0 pts', '1 pt', '2 pts'] },
  { key: 'team.predictionCount', en: ['0 predictions', '1 prediction', '2 predictions'] },
  { key: 'team.pointCount', en: ['0 points', '1 point', '2 points'] },
  { key: 'predictions.leagueCount', en: ['0 leagues', '1 league', '2 leagues'] },
  { key: 'predictions.teamCount', en: ['0 teams', '1 team', '2 teams'] },
  {
    key: 'admin.toast.recalculatedText',
    options: { players: '5 players' },
    en: [
      '0 teams out of 5 players gained points.',
      '1 team out of 5 players gained points.',
      '2 teams out of 5 players gained points.',
    ],
  },
  { key: 'admin.toast.players', en: ['0 players', '1 player', '2 players'] },
  {
    key: 'admin.fixtures.rebuilt',
    options: { leagues: 'N', seconds: '3' },
    en: [
      'Standings rebuilt from every prediction: N leagues in 3 s.',
      'Standings rebuilt from every prediction: N league in 3 s.',
      'Standings rebuilt from every prediction: N leagues in 3 s.',
    ],
  },
];

const i18n = createInstance();
await i18n.init({
  resources: Object.fromEntries(
    languages.map((language) => [language, { translation: load(language) }]),
  ),
  lng: 'en',
  fallbackLng: false,
  interpolation: { escapeValue: false },
});
applyPluralLocales(i18n);

describe('numbers meeting nouns', () => {
  it('English says 0, 1 and 2 of each as a person would', () => {
    for (const { key, options, en } of counted)
      expect(
        [0, 1, 2].map((count) => i18n.t(key, { lng: 'en', count, ...options })),
        key,
      ).toEqual(en);
  });

  it.each(languages)('%s has a text of its own for 0, 1 and 2 of each', (language) => {
    const texts = flatten(load(language));
    const rules = new Intl.PluralRules(pluralLocale(language));
    for (const { key, options } of counted) {
      for (const count of [0, 1, 2]) {
        const form = `${key}_${rules.select(count)}`;
        // The form the language's rules ask for exists, and i18next picks it.
        expect(texts.get(form), `${language} ${form}`).toBeTruthy();
        const text = i18n.t(key, { lng: language, count, ...options });
        expect(text, `${language} ${key} ${count}`).not.toBe(key);
        expect(text).toBe(i18n.t(form, { lng: language, count, ...options }));
      }
    }
  });

  it('Portuguese (European) says 0 pts, 1 pt (issue 54)', () => {
    expect([0, 1, 2].map((count) => i18n.t('leagues.hub.points', { lng: 'pt', count }))).toEqual([
      '0 pts',
      '1 pt',
      '2 pts',
    ]);
  });

  it('no text puts a count before a noun without plural forms', () => {
    // A number placeholder right before a counted noun, in a key that is no plural.
    const noun =
      /\{\{\s*(count|n|m|minute|points|predictions|leagues|teams|players|jokers|used|total)\s*\}\}\s+(pts?|points?|predictions?|leagues?|teams?|players?|jokers?|goals?|picks?|rounds?|matches|fixtures?)\b/i;
    const found = [...flatten(load('en'))].filter(
      ([key, text]) => !pluralSuffix.test(key) && noun.test(text),
    );
    expect(found.map(([key, text]) => `${key} = ${text}`)).toEqual([]);
  });
});
