/**
 * Comments state contracts that a reader can follow: every repository path a comment of shared/, server/,
 * web/src/, test/ or bench/ names exists, none points outside the repository or at one machine's folders,
 * and none cites an issue number or a project phase in place of the contract itself.
 */
import { describe, expect, it } from 'vitest';
import { checkComment, commentsOf, scanRepository, trackedSources } from './comment-paths.js';

const at = (text: string, file = 'shared/dstat/example.ts') => checkComment({ file, line: 1, text }).map((f) => f.message);

describe('the comment checker', () => {
  it('reads comments, not strings, templates or regular expressions', () => {
    const source = [
      "const a = '// web/src/gone-in-a-string.ts';",
      'const b = `/* shared/gone-in-a-template.ts */`;',
      'const c = /\\/\\/ server\\/gone-in-a-regexp.ts/; // a trailing comment naming shared/limits.ts',
      '// a line comment naming shared/limits.ts',
      '/** a block',
      ' * comment */',
      'export { a, b, c };',
    ].join('\n');
    const comments = commentsOf('x.ts', source);
    expect(comments.map((c) => [c.line, c.text])).toEqual([
      [3, '// a trailing comment naming shared/limits.ts'],
      [4, '// a line comment naming shared/limits.ts'],
      [5, '/** a block\n * comment */'],
    ]);
  });

  it('reads JSX comments and not JSX text', () => {
    const source = 'export const e = <p>// not a comment {/* a comment */}</p>;\n';
    expect(commentsOf('x.tsx', source).map((c) => c.text)).toEqual(['/* a comment */']);
  });

  it('accepts paths that exist and reports those that do not, at their line', () => {
    expect(at('// see shared/limits.ts and docs/ui-contract.md §1, test/fixtures/ and shared/dstat/.')).toEqual([]);
    expect(checkComment({ file: 'x.ts', line: 10, text: '/**\n * web/src/view/view-state.ts\n */' })).toEqual([
      { file: 'x.ts', line: 11, message: 'names web/src/view/view-state.ts, which does not exist' },
    ]);
  });

  it('resolves relative paths against the commenting file, and refuses paths outside the repository', () => {
    expect(at('// ../limits.ts and ./tokenize.ts; a path built from "../x"')).toEqual([]);
    expect(at('// ../fixtures/FORMATS.md')).toEqual(['names ../fixtures/FORMATS.md (shared/fixtures/FORMATS.md), which does not exist']);
    expect(at('// copied from ../../../shared/fixtures/', 'test/helpers/fixtures.ts')).toEqual([
      'names ../../../shared/fixtures, outside the repository',
    ]);
    expect(at('// see /work/shared/fixtures/MANIFEST.md')).toEqual(['names /work/shared/fixtures/MANIFEST.md, a path on one machine']);
  });

  it('accepts a bare file name beside the file or tracked elsewhere, and reports one that is no file', () => {
    expect(at('// tokenize.ts, gunzip.ts and vitest.config.ts')).toEqual([]);
    expect(at('// see interaction.ts')).toEqual(['names interaction.ts, which is no file of the repository']);
  });

  it('reports issue numbers and phases, not colours or id suffixes', () => {
    expect(at('// (issue 11) and Issue 9, #12, phase 2')).toEqual([
      'cites an issue number (issue 11): state the contract instead',
      'cites an issue number (Issue 9): state the contract instead',
      'cites an issue number (#12): state the contract instead',
      'cites an issue number (phase 2): state the contract instead',
    ]);
    expect(at('// colour #000, #ffffff; ids made unique with `#2`; &#39;')).toEqual([]);
  });
});

describe('the repository', () => {
  it('scans every tracked source of the scanned folders', () => {
    const files = trackedSources();
    expect(files).toContain('shared/limits.ts');
    expect(files).toContain('web/src/App.tsx');
    expect(files).toContain('test/tools/comment-paths.test.ts');
    expect(files.some((f) => f.startsWith('bench/'))).toBe(true);
  });

  // Parses every source (~2 s of CPU alone, several times that on a busy machine).
  it('has comments whose paths exist and that cite no issue numbers', { timeout: 120_000 }, () => {
    const found = scanRepository().map((f) => `${f.file}:${f.line}: ${f.message}`);
    expect(found).toEqual([]);
  });
});
