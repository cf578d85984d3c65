import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '../../src/domain/i18n';
import { flatten, load, localesDir, pluralSuffix } from './load';

// docs/design.md §6: every user-visible string exists in all six languages, with the same placeholders,
// the plural forms each language needs, and no English left behind except a short reviewed list.

/** `points_one` → `points`; plain keys stay as they are. */
const baseKey = (key: string) => key.replace(pluralSuffix, '');
const isPlural = (key: string) => pluralSuffix.test(key);

const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? ''))].sort();

/** Reviewed texts that are the same as English in a language (names, loanwords, symbols). */
const allowList = JSON.parse(
  readFileSync(`${localesDir}identical-allow-list.json`, 'utf8'),
) as Record<string, string[]>;

const english = flatten(load('en'));
const others = languages.filter((language) => language !== 'en');
const englishBases = new Set([...english.keys()].map(baseKey));
const englishPluralBases = new Set([...english.keys()].filter(isPlural).map(baseKey));

describe('locale files', () => {
  it('English has the keys the server mails need', () => {
    for (const key of [
      'mail.greeting',
      'mail.signature',
      'mail.resetPassword.subject',
      'mail.verifyEmail.intro',
      'mail.reminder.subject',
      'contact.subjects.general',
    ]) {
      expect(english.get(key), key).toBeTruthy();
    }
  });

  it.each(languages)('%s has exactly the plural forms its language needs', (language) => {
    const translated = flatten(load(language));
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const problems: string[] = [];
    for (const base of englishPluralBases) {
      for (const category of needed) {
        if (!translated.has(`${base}_${category}`)) problems.push(`${base}_${category} missing`);
      }
    }
    for (const key of translated.keys()) {
      const category = pluralSuffix.exec(key)?.[1];
      if (category && !needed.includes(category as Intl.LDMLPluralRule)) {
        problems.push(`${key} is not a plural form of ${language}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(others)(
    '%s has every English key, none extra, with the same placeholders',
    (language) => {
      const translated = flatten(load(language));
      const bases = new Set([...translated.keys()].map(baseKey));
      expect(
        [...englishBases].filter((key) => !bases.has(key)),
        `${language} lacks keys`,
      ).toEqual([]);
      expect(
        [...bases].filter((key) => !englishBases.has(key)),
        `${language} has keys English lacks`,
      ).toEqual([]);
      const mismatched = [...translated].filter(([key, text]) => {
        const source = english.get(key) ?? english.get(`${baseKey(key)}_other`) ?? '';
        // A singular form may spell the number out ("un point") instead of {{count}}.
        const expected = placeholders(source).filter((p) => !(isPlural(key) && p === 'count'));
        const got = placeholders(text).filter((p) => !(isPlural(key) && p === 'count'));
        return expected.join() !== got.join();
      });
      expect(
        mismatched.map(([key]) => key),
        `${language} placeholders differ`,
      ).toEqual([]);
    },
  );

  it.each(others)('%s has no empty texts', (language) => {
    const empty = [...flatten(load(language))].filter(([, text]) => text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(others)('%s leaves no English behind (except the reviewed allow-list)', (language) => {
    const translated = flatten(load(language));
    const allowed = new Set([...(allowList[language] ?? []), ...(allowList['*'] ?? [])]);
    const identical = [...english].filter(([key, text]) => {
      if (translated.get(key) !== text) return false;
      const letters = text.replace(/\{\{[^}]*\}\}/g, '').replace(/[^\p{L}]/gu, '');
      return letters.length > 0 && !allowed.has(text);
    });
    expect(identical.map(([key, text]) => `${key} = ${text}`)).toEqual([]);
  });
});
