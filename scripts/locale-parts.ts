import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { languages } from '../src/domain/i18n';
import { localeParts, serverOnlyKeys, type LocalePart } from '../src/web/i18n/parts';

const localesDir = fileURLToPath(new URL('../src/web/i18n/locales/', import.meta.url));
const loadersId = 'virtual:locales';
const partPrefix = 'virtual:locale-part/';

const partKeys = (part: LocalePart, all: string[]): string[] => {
  if (part !== 'core') return [...localeParts[part]];
  const elsewhere = new Set<string>([...Object.values(localeParts).flat(), ...serverOnlyKeys]);
  return all.filter((key) => !elsewhere.has(key));
};

/**
 * `virtual:locales`: for each language and part (web/i18n/parts.ts) a loader of its own chunk,
 * holding only that part's keys of the language's locale file — a page downloads the texts it
 * shows in the language it shows, not six languages of everything.
 */
export const localePartsPlugin = (): Plugin => ({
  name: 'firstgoal-locale-parts',
  resolveId(id) {
    if (id === loadersId || id.startsWith(partPrefix)) return `\0${id}`;
    return null;
  },
  load(id) {
    if (id === `\0${loadersId}`) {
      const parts: LocalePart[] = ['core', ...(Object.keys(localeParts) as LocalePart[])];
      const entries = languages.map(
        (language) =>
          `${JSON.stringify(language)}: {${parts
            .map((part) => `${part}: () => import('${partPrefix}${language}/${part}')`)
            .join(', ')}}`,
      );
      return `export const loaders = {${entries.join(',\n')}};\n`;
    }
    if (id.startsWith(`\0${partPrefix}`)) {
      const [language, part] = id.slice(partPrefix.length + 1).split('/') as [string, LocalePart];
      const file = `${localesDir}${language}.json`;
      this.addWatchFile(file);
      const tree = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(
        partKeys(part, Object.keys(tree)).map((key) => [key, tree[key]]),
      );
      return `export default ${JSON.stringify(picked)};\n`;
    }
    return null;
  },
});
