/**
 * The documentation's contract: README.md is short (at most 120 lines) and links every page of docs/; in
 * README.md and every docs/**\/*.md, each relative link or image resolves to a file or folder of this
 * repository, each #anchor into a Markdown file names one of its headings (GitHub's slugs), and each table
 * renders as one table (a header, a separator row, rows of the header's width, nothing in between).
 *
 * The rules are GitHub Flavored Markdown's, as far as these files use it:
 * - fenced code blocks (``` or ~~~) and inline code are not read for links or tables;
 * - a table line is a line starting with `|`; a table is a header row, a separator row (`---`, `:--`, `--:`,
 *   `:-:` per cell) and body rows, each with the header's number of cells;
 * - in a table row a cell ends at every `|` not escaped as `\|`, inside backticks too (GFM splits cells
 *   before it reads code spans), so a `|` in inline code in a table must be written `\|`;
 * - a heading's anchor: its text without Markdown, lower-cased, punctuation dropped (letters, digits, `_`,
 *   `-` and spaces stay), each space a `-`; a repeated slug gets `-1`, `-2` … (github-slugger).
 * Fast: it reads files only, no server and no browser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README_MAX_LINES = 120;

/** One problem, located: `file:line: what`. */
type Problem = string;

interface Line {
  /** 1-based. */
  number: number;
  text: string;
}

/** The lines outside fenced code blocks (a fence closes with the same character, at least as long). */
function proseLines(markdown: string): Line[] {
  const out: Line[] = [];
  let fence: { char: string; length: number } | null = null;
  markdown.split(/\r?\n/).forEach((text, i) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (m && m[1]![0] === fence.char && m[1]!.length >= fence.length && text.trim() === m[1]) fence = null;
      return;
    }
    if (m) {
      fence = { char: m[1]![0]!, length: m[1]!.length };
      return;
    }
    out.push({ number: i + 1, text });
  });
  return out;
}

/** The text with its inline code spans blanked (same length), so nothing inside them reads as a link. */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span) => ' '.repeat(span.length));
}

interface Link {
  line: number;
  target: string;
}

/** Inline links and images `[x](target "title")`, and reference definitions `[x]: target`. */
function links(markdown: string): Link[] {
  const out: Link[] = [];
  for (const { number, text } of proseLines(markdown)) {
    const prose = withoutCodeSpans(text);
    for (const m of prose.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)) {
      out.push({ line: number, target: m[1]!.replace(/^<|>$/g, '') });
    }
    const def = /^ {0,3}\[[^\]]+\]:\s*(\S+)/.exec(prose);
    if (def) out.push({ line: number, target: def[1]!.replace(/^<|>$/g, '') });
  }
  return out;
}

/** GitHub's anchor for a heading's text (github-slugger), before the -1, -2 … of repeats. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, '') // HTML tags
    .replace(/`/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor the file's ATX headings (`#` … `######`) make, repeats numbered as GitHub does. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const m = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(text);
    if (!m) continue;
    const base = slug((m[1] ?? '').trim());
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

interface Files {
  exists(path: string): boolean;
  read(path: string): string;
}

const REAL_FILES: Files = { exists: existsSync, read: (path) => readFileSync(path, 'utf8') };

/**
 * The problems of the relative links of `file` (a path inside `root`): a target that does not exist, or is
 * outside the repository, or an #anchor that names no heading of the Markdown file it points into.
 * External links (a scheme, or `//`) are not checked.
 */
function linkProblems(root: string, file: string, markdown: string, fs: Files = REAL_FILES): Problem[] {
  const problems: Problem[] = [];
  for (const { line, target } of links(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const at = `${file}:${line}: link ${JSON.stringify(target)}`;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const absolute = pathPart === '' ? join(root, file) : pathPart.startsWith('/') ? join(root, pathPart) : resolve(root, dirname(file), pathPart);
    const inside = relative(root, absolute);
    if (inside.startsWith('..') || isAbsolute(inside)) {
      problems.push(`${at}: points outside the repository`);
      continue;
    }
    if (!fs.exists(absolute)) {
      problems.push(`${at}: no such file ${inside.split(sep).join('/')}`);
      continue;
    }
    if (anchor !== null && absolute.endsWith('.md') && !anchors(fs.read(absolute)).has(anchor)) {
      problems.push(`${at}: no heading of ${inside.split(sep).join('/')} has the anchor #${anchor}`);
    }
  }
  return problems;
}

/** A table row's cells: split at every `|` not escaped by a backslash, the outer pipes dropped. */
function cells(row: string): string[] {
  const out: string[] = [];
  let cell = '';
  let backslashes = 0;
  for (const ch of row.trim()) {
    if (ch === '|' && backslashes % 2 === 0) {
      out.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
    backslashes = ch === '\\' ? backslashes + 1 : 0;
  }
  out.push(cell);
  if (out[0]!.trim() === '') out.shift();
  if (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
  return out;
}

/**
 * The problems of the file's tables. Table lines (starting with `|`) come in blocks of consecutive lines;
 * each block must be a header, a separator row and body rows of the header's width, followed by a blank
 * line or the end of the file (GFM would take the next line as a row). A block without its separator row
 * is a table cut in two: the text before it turned its rows into plain text.
 */
function tableProblems(file: string, markdown: string): Problem[] {
  const problems: Problem[] = [];
  const lines = proseLines(markdown);
  const isRow = (l: Line | undefined) => l !== undefined && l.text.trimStart().startsWith('|');
  let lastTableEnd: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (!isRow(lines[i]) || isRow(lines[i - 1])) continue;
    const block: Line[] = [];
    for (let j = i; isRow(lines[j]); j++) block.push(lines[j]!);
    const [header, separator, ...body] = block;
    const first = header!.number;
    const sepCells = separator ? cells(separator.text) : [];
    if (!separator || sepCells.length === 0 || !sepCells.every((c) => /^\s*:?-+:?\s*$/.test(c))) {
      let since = '';
      if (lastTableEnd !== null) {
        const between = first - 1 === lastTableEnd + 1 ? `line ${first - 1}` : `lines ${lastTableEnd + 1}–${first - 1}`;
        since = `; the table ending at line ${lastTableEnd} is interrupted by the non-table ${between}`;
      }
      problems.push(`${file}:${first}: table rows without a header and separator row (they render as plain text)${since}`);
    } else {
      const width = cells(header!.text).length;
      if (sepCells.length !== width) {
        problems.push(`${file}:${separator.number}: separator row has ${sepCells.length} cells, the header ${width}`);
      }
      for (const row of body) {
        const n = cells(row.text).length;
        if (n !== width) problems.push(`${file}:${row.number}: row has ${n} cells, the header ${width}`);
      }
    }
    const last = block[block.length - 1]!;
    const next = lines[lines.indexOf(last) + 1];
    if (next && next.number === last.number + 1 && next.text.trim() !== '') {
      problems.push(`${file}:${next.number}: a non-table line right after a table (line ${last.number}) is read as a row; leave a blank line`);
    }
    lastTableEnd = last.number;
  }
  return problems;
}

/** README.md and every Markdown file under docs/, as paths relative to the repository, sorted. */
function documentationFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.md'))
    .map((p) => `docs/${p.split(sep).join('/')}`);
  return ['README.md', ...docs.sort()];
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const FILES = documentationFiles();

describe('the documentation: README.md and docs/**/*.md', () => {
  it(`README.md is at most ${README_MAX_LINES} lines`, () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n').length;
    expect(lines, `README.md has ${lines} lines`).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('README.md links every page of docs/', () => {
    const linked = new Set(
      links(read('README.md'))
        .map(({ target }) => target.replace(/#.*$/, ''))
        .filter((t) => t.startsWith('docs/')),
    );
    const pages = FILES.filter((f) => f.startsWith('docs/'));
    expect(pages.filter((p) => !linked.has(p)), 'docs/ pages the README does not link').toEqual([]);
  });

  it.each(FILES)('%s: every relative link and image resolves to a file of the repository, every #anchor to a heading', (file) => {
    expect(linkProblems(ROOT, file, read(file))).toEqual([]);
  });

  it.each(FILES)('%s: every table has a header, a separator row and rows of the header\'s width, uninterrupted', (file) => {
    expect(tableProblems(file, read(file))).toEqual([]);
  });
});

describe('the checker', () => {
  const fakeRoot = ROOT; // real files to link to: README.md, docs/, package.json

  it('finds a link or image to a missing file, and one outside the repository; ignores external URLs, code blocks and inline code', () => {
    const md = [
      '[ok](package.json) ![ok](docs/) [web](https://example.com/x) <https://example.com>',
      '[missing](docs/nope.md) ![missing image](docs/nope.png)',
      '[outside](../elsewhere.md)',
      '`[in code](nope.md)`',
      '```',
      '[in a fence](nope.md)',
      '```',
    ].join('\n');
    expect(linkProblems(fakeRoot, 'README.md', md)).toEqual([
      'README.md:2: link "docs/nope.md": no such file docs/nope.md',
      'README.md:2: link "docs/nope.png": no such file docs/nope.png',
      'README.md:3: link "../elsewhere.md": points outside the repository',
    ]);
  });

  it('resolves a link from the folder of the file it is in', () => {
    expect(linkProblems(fakeRoot, 'docs/x.md', '[up](../package.json) [here](ui-contract.md)')).toEqual([]);
    expect(linkProblems(fakeRoot, 'docs/x.md', '[wrong](package.json)')).toEqual([
      'docs/x.md:1: link "package.json": no such file docs/package.json',
    ]);
  });

  it('finds an #anchor that names no heading of the target, in the same file or another', () => {
    const files: Record<string, string> = { [join(fakeRoot, 'docs/x.md')]: '# Title\n## Several replicas on S3\n' };
    const fake: Files = { exists: (p) => p in files, read: (p) => files[p]! };
    const md = '# Title\n[a](#title) [b](#nope)\n[c](docs/x.md#several-replicas-on-s3) [d](docs/x.md#several-replicas)';
    files[join(fakeRoot, 'README.md')] = md;
    expect(linkProblems(fakeRoot, 'README.md', md, fake)).toEqual([
      'README.md:2: link "#nope": no heading of README.md has the anchor #nope',
      'README.md:3: link "docs/x.md#several-replicas": no heading of docs/x.md has the anchor #several-replicas',
    ]);
  });

  it('makes anchors as GitHub does: lower case, punctuation dropped, spaces to -, repeats numbered', () => {
    expect(slug('Several replicas on S3')).toBe('several-replicas-on-s3');
    expect(slug('`POST /api/reports` — upload')).toBe('post-apireports--upload');
    expect(slug('What it reads (dstat, dool, pcp-dstat)')).toBe('what-it-reads-dstat-dool-pcp-dstat');
    expect(slug('[Linked](x.md) heading_1')).toBe('linked-heading_1');
    expect([...anchors('# A\n## A\n### A #\n```\n# not a heading\n```\n#nospace')]).toEqual(['a', 'a-1', 'a-2']);
  });

  it('accepts a well-formed table, a `\\|` in inline code being one cell', () => {
    const md = ['| a | b |', '|:--|--:|', '| `x\\|y` | 2 |', '', 'text'].join('\n');
    expect(tableProblems('t.md', md)).toEqual([]);
  });

  it('counts an unescaped | in inline code as a new cell, as GitHub does', () => {
    expect(cells('| `a|b` | c |')).toEqual([' `a', 'b` ', ' c ']);
    expect(tableProblems('t.md', '| a | b |\n|---|---|\n| `a|b` | c |\n')).toEqual(['t.md:3: row has 3 cells, the header 2']);
  });

  it('finds a row of another width and a wrong separator row', () => {
    expect(tableProblems('t.md', '| a | b |\n|---|---|\n| 1 |\n')).toEqual(['t.md:3: row has 1 cells, the header 2']);
    expect(tableProblems('t.md', '| a | b |\n|---|\n| 1 | 2 |\n')).toEqual(['t.md:2: separator row has 1 cells, the header 2']);
    expect(tableProblems('t.md', '| a | b |\n| 1 | 2 |\n')[0]).toMatch(/^t\.md:1: table rows without a header and separator row/);
  });

  it('finds a table interrupted by a paragraph, naming the file and the lines', () => {
    const md = ['| a | b |', '|---|---|', '| 1 | 2 |', '', 'A paragraph.', '| 3 | 4 |', '| 5 | 6 |'].join('\n');
    expect(tableProblems('t.md', md)).toEqual([
      't.md:6: table rows without a header and separator row (they render as plain text); the table ending at line 3 is interrupted by the non-table lines 4–5',
    ]);
    expect(tableProblems('t.md', '| a |\n|---|\n| 1 |\n\n| 2 |\n')).toEqual([
      't.md:5: table rows without a header and separator row (they render as plain text); the table ending at line 3 is interrupted by the non-table line 4',
    ]);
  });

  it('finds text right after a table, which GitHub would read as a row', () => {
    expect(tableProblems('t.md', '| a |\n|---|\n| 1 |\nmore\n')).toEqual([
      't.md:4: a non-table line right after a table (line 3) is read as a row; leave a blank line',
    ]);
  });

  it('skips tables in fenced code blocks', () => {
    expect(tableProblems('t.md', '```\n| a | b |\n| 1 |\n```\n')).toEqual([]);
  });
});
