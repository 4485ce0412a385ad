/**
 * Reads the comments of the repository's TypeScript sources and finds what they must not say: a repository
 * path that does not exist, a path outside the repository, or an issue number. Used by comment-paths.test.ts;
 * `node --import tsx test/tools/comment-paths.ts` prints every finding as `file:line: message`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The folders whose sources are scanned, relative to the repository root. */
export const SCANNED = ['shared', 'server', 'web/src', 'test', 'bench'];

export interface Comment {
  /** The file, relative to the repository root, with `/` separators. */
  file: string;
  /** 1-based line of the comment's first character. */
  line: number;
  text: string;
}

export interface Finding {
  file: string;
  /** 1-based line of the finding itself (a block comment spans several). */
  line: number;
  message: string;
}

/** The `.ts`/`.tsx` files git tracks under SCANNED, relative to the root. */
export function trackedSources(root = ROOT): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('test/fixtures/'))
    .sort();
}

/**
 * Every comment of a source, found through the TypeScript parser: each comment is trivia around some token,
 * so strings, template literals and regular expressions that contain `//` are not mistaken for comments.
 */
export function commentsOf(file: string, source: string): Comment[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const seen = new Set<number>();
  // JSX text is content, not code: a `//` in it is not a comment, though it may look like trailing trivia.
  const jsxText: [number, number][] = [];
  const found: ts.CommentRange[] = [];
  const take = (ranges: ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      found.push(r);
    }
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxText.push([node.pos, node.end]);
      return;
    }
    const children = node.getChildren(sf);
    if (children.length > 0) for (const c of children) visit(c);
    else {
      // Leading ranges start on a new line; a comment after code on the same line is trailing trivia.
      take(ts.getLeadingCommentRanges(source, node.pos));
      take(ts.getTrailingCommentRanges(source, node.end));
    }
  };
  visit(sf);
  return found
    .filter((r) => !jsxText.some(([from, to]) => r.pos >= from && r.pos < to))
    .sort((a, b) => a.pos - b.pos)
    .map((r) => ({ file, line: sf.getLineAndCharacterOfPosition(r.pos).line + 1, text: source.slice(r.pos, r.end) }));
}

/** Top-level folders a repository path in a comment starts with. */
const PATH = /(?<![\w./@-])((?:shared|server|web|test|bench|docs|bin)\/[\w./-]*[\w-](?:\.[a-z]+|\/))(?![\w*{])/g;
/** A path that climbs out of the commenting file's folder with `..` segments (not a quoted example). */
const RELATIVE = /(?<![\w./"'-])((?:\.\.\/)+[\w./-]*[\w-])/g;
/** An absolute path on a developer's machine. */
const ABSOLUTE = /(?<![\w.:/-])(\/(?:work|home|root|Users|tmp)\/[\w./-]+)/g;
/**
 * A bare source file name. Comments name files of other folders by their bare name too (`gunzip.ts` from
 * server/cli/), so a bare name must be beside the commenting file or the name of some tracked file.
 */
const BARE = /(?<![\w./@-])([\w-]+(?:\.[\w-]+)*\.tsx?)(?![\w/])/g;
/** An issue reference (`issue` or `phase` and a number, or a hash and a number), not a colour such as `#000`. */
const ISSUE = /\bissues? #?\d+|\bphase \d+\b|(?<![\w&`])#(?![0-9a-f]{3}\b|[0-9a-f]{6}\b|[0-9a-f]{8}\b)\d+\b/gi;

function lineOf(text: string, index: number): number {
  let n = 0;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** The file names (last path segment) of everything git tracks: where a bare name in a comment may point. */
let trackedNames: Set<string> | null = null;
function trackedName(name: string, root: string): boolean {
  trackedNames ??= new Set(
    execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .map((f) => posix.basename(f)),
  );
  return trackedNames.has(name);
}

/** What is wrong with one comment, in the order found. */
export function checkComment(c: Comment, root = ROOT): Finding[] {
  const found: Finding[] = [];
  const at = (index: number, message: string): void => {
    found.push({ file: c.file, line: c.line + lineOf(c.text, index), message });
  };
  for (const m of c.text.matchAll(PATH)) {
    const path = m[1]!;
    if (!existsSync(join(root, path))) at(m.index, `names ${path}, which does not exist`);
  }
  for (const m of c.text.matchAll(RELATIVE)) {
    const target = posix.normalize(posix.join(posix.dirname(c.file), m[1]!));
    if (target.startsWith('../')) at(m.index, `names ${m[1]}, outside the repository`);
    else if (!existsSync(join(root, target))) at(m.index, `names ${m[1]} (${target}), which does not exist`);
  }
  for (const m of c.text.matchAll(ABSOLUTE)) at(m.index, `names ${m[1]}, a path on one machine`);
  for (const m of c.text.matchAll(BARE)) {
    const name = m[1]!;
    if (!existsSync(join(root, posix.dirname(c.file), name)) && !trackedName(name, root)) {
      at(m.index, `names ${name}, which is no file of the repository`);
    }
  }
  for (const m of c.text.matchAll(ISSUE)) at(m.index, `cites an issue number (${m[0]}): state the contract instead`);
  return found;
}

/** Every finding over the repository's scanned sources. */
export function scanRepository(root = ROOT): Finding[] {
  const found: Finding[] = [];
  for (const file of trackedSources(root)) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const c of commentsOf(file, source)) found.push(...checkComment(c, root));
  }
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = scanRepository();
  for (const f of found) console.log(`${f.file}:${f.line}: ${f.message}`);
  console.log(`${found.length} finding(s)`);
  process.exitCode = found.length > 0 ? 1 : 0;
}

