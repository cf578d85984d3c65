import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { languages } from '../../src/domain/i18n';

// DESIGN §6: every user-visible string exists in all six languages, with the same placeholders.
const localesDir = fileURLToPath(new URL('../../src/web/i18n/locales/', import.meta.url));

type Tree = { [key: string]: string | Tree };

const load = (language: string): Tree =>
  JSON.parse(readFileSync(`${localesDir}${language}.json`, 'utf8')) as Tree;

/** Every leaf as `dotted.key -> text`. */
const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
};

const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? ''))].sort();

const english = flatten(load('en'));
const others = languages.filter((language) => language !== 'en');

describe('locale files', () => {
  it('English has the keys the server mails need', () => {
    for (const key of [
      'mail.greeting',
      'mail.signature',
      'mail.resetPassword.subject',
      'mail.verifyEmail.intro',
    ]) {
      expect(english.get(key), key).toBeTruthy();
    }
  });

  it.each(others)(
    '%s has every English key, none extra, with the same placeholders',
    (language) => {
      const translated = flatten(load(language));
      const missing = [...english.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !english.has(key));
      expect(missing, `${language} lacks keys`).toEqual([]);
      expect(extra, `${language} has keys English lacks`).toEqual([]);
      const mismatched = [...english].filter(
        ([key, text]) =>
          placeholders(text).join() !== placeholders(translated.get(key) ?? '').join(),
      );
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
});
