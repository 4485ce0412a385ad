/** The real dstat files of test/fixtures/ (copied from the team's fixture collection with its MANIFEST.md and FORMATS.md). */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Names of every fixture CSV, sorted. */
export const FIXTURE_NAMES: readonly string[] = readdirSync(FIXTURES_DIR)
  .filter((f) => f.endsWith('.csv'))
  .sort();

export function fixturePath(name: string): string {
  return FIXTURES_DIR + name;
}

export function readFixture(name: string): string {
  return readFileSync(FIXTURES_DIR + name, 'utf8');
}
