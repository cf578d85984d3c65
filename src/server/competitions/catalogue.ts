import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogueFile, type CatalogueCompetition } from '../../domain/competitions';

const catalogueDir = fileURLToPath(new URL('../../../catalogue/', import.meta.url));

export const readCompetitionCatalogue = (): CatalogueCompetition[] =>
  catalogueFile.parse(JSON.parse(readFileSync(`${catalogueDir}competitions.json`, 'utf8')))
    .competitions;
