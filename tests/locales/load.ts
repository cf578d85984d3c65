import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The web app's locale files, read as the tests of tests/locales read them. */
export const localesDir = fileURLToPath(new URL('../../src/web/i18n/locales/', import.meta.url));

export type Tree = { [key: string]: string | Tree };

export const load = (language: string): Tree =>
  JSON.parse(readFileSync(`${localesDir}${language}.json`, 'utf8')) as Tree;

/** Every leaf as `dotted.key -> text`. */
export const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
};

export const pluralSuffix = /_(zero|one|two|few|many|other)$/;
