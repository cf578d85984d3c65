import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogueFile, type CatalogueCompetition } from '../../domain/competitions';
import { liveSourceMapFile, type LiveSourceMap } from '../../domain/live/source-map';

const catalogueDir = fileURLToPath(new URL('../../../catalogue/', import.meta.url));

export const readCompetitionCatalogue = (): CatalogueCompetition[] =>
  catalogueFile.parse(JSON.parse(readFileSync(`${catalogueDir}competitions.json`, 'utf8')))
    .competitions;

/** catalogue/live-sources.json: the live sources' codes and team aliases per competition. */
export const readLiveSourceMap = (): LiveSourceMap =>
  liveSourceMapFile.parse(JSON.parse(readFileSync(`${catalogueDir}live-sources.json`, 'utf8')))
    .competitions;
