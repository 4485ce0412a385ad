/**
 * An export's findings.md (the ZIP and the report directory): the view's run's findings as a Markdown list,
 * listed in README.txt.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../../../server/derive-report.js';
import { findingsMdFile, readmeText, type ExportReport } from '../../../server/export/report-files.js';
import { FIXTURES_DIR } from '../../helpers/fixtures.js';

function exportReport(file: string): ExportReport {
  const bytes = readFileSync(file);
  const { summary, report } = parseReport(bytes, { id: 'x', fileName: 'f.csv', createdAt: '2026-12-04T00:00:00Z', bytes: bytes.length });
  return { summary, report, reportJsonGz: new Uint8Array() };
}

describe('findings.md', () => {
  it("lists the view's run's findings, most severe first, and what could not be checked", () => {
    const md = findingsMdFile(exportReport(`${FIXTURES_DIR}scenarios/runqueue.csv`));
    expect(md.split('\n').filter((l) => l.startsWith('- **'))[0]).toMatch(/^- \*\*critical\*\* `cpu-saturated`/);
    expect(md).toContain('`net-near-link`: no link speed given');
  });

  it('of the run the view picks in a file of appended runs', () => {
    const r = exportReport(`${FIXTURES_DIR}d072_tfvnrl_appended-2-runs.csv`);
    expect(findingsMdFile(r, { run: 1 })).toContain('- **warning** `sampling-gaps`');
    expect(findingsMdFile(r, { run: 2 })).not.toContain('- **warning** `sampling-gaps`');
    expect(findingsMdFile(r, { run: 2 })).toContain('- **info** `periodic-bursts`');
  });

  it('is named in README.txt', () => {
    expect(readmeText(exportReport(`${FIXTURES_DIR}scenarios/calm.csv`), { csvName: 'f.csv', images: [], left: [] })).toContain('findings.md  what limited the run');
  });
});
