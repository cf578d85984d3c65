import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The team's shared folder (specification, open data) beside the project. */
export const sharedDir = fileURLToPath(new URL('../../../shared/', import.meta.url));
export const sharedPath = (relative: string) => `${sharedDir}${relative}`;

/**
 * Tests that read ../shared run when it exists; otherwise they are reported as skipped by name —
 * except in CI (CI=true), where a missing folder must fail the run.
 */
export const sharedAvailable = (relative: string): boolean => {
  const present = existsSync(sharedPath(relative));
  if (!present && process.env.CI === 'true') {
    throw new Error(`CI=true but ${sharedPath(relative)} is missing`);
  }
  return present;
};
