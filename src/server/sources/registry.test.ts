import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { liveSourceIds, sourceIds } from '../../domain/sources/ids';
import { readLiveSourceMap } from '../competitions/catalogue';
import { fixtureSources, precedenceOf } from './registry';

const root = fileURLToPath(new URL('../../../', import.meta.url));

const productionFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'migrations' ? [] : productionFiles(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });

describe('the fixture sources (issue 49)', () => {
  it('are one module each, known by id, the live ones those LIVE_SOURCES may list', () => {
    expect(fixtureSources.map((s) => s.id).sort()).toEqual([...sourceIds].sort());
    expect(fixtureSources.filter((s) => s.live).map((s) => s.id)).toEqual([...liveSourceIds]);
  });

  it('rank by their declarations: openfootball < live sources (LIVE_SOURCES order) < football-data', () => {
    const rank = precedenceOf(['openligadb', 'espn']);
    expect(rank('openfootball')).toBeLessThan(rank('espn'));
    expect(rank('espn')).toBeLessThan(rank('openligadb'));
    expect(rank('openligadb')).toBeLessThan(rank('football-data'));
    // A live source no longer listed ranks below the listed ones.
    expect(precedenceOf(['espn'])('openligadb')).toBeLessThan(precedenceOf(['espn'])('espn'));
  });

  it('have their codes in the catalogue, and every code names a source', () => {
    const map = readLiveSourceMap();
    for (const source of fixtureSources)
      expect(
        Object.values(map).some((c) => c[source.id] !== undefined),
        source.id,
      ).toBe(true);
  });

  it('are never told apart by name outside their own modules', () => {
    const ids = sourceIds.map((id) => id.replace('-', '\\-')).join('|');
    const comparison = new RegExp(
      `(?:[!=]==\\s*'(?:${ids})'|'(?:${ids})'\\s*[!=]==|case\\s+'(?:${ids})'\\s*:|\\.(?:includes|has)\\('(?:${ids})'\\))`,
    );
    const own = new Set(sourceIds.map((id) => `src/server/sources/${id}.ts`));
    const offending = productionFiles(join(root, 'src'))
      .map((path) => relative(root, path))
      .filter((path) => !own.has(path))
      .flatMap((path) =>
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            comparison.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offending).toEqual([]);
  });
});
