/**
 * Waiting for a page's performance marks (docs/ui-contract.md §1) without evaluating anything in the page
 * while it loads. Playwright's `waitForFunction` first injects its own script (hundreds of KB) into the page:
 * 100–400 ms of the page's main thread, right while the page starts — measured on the small report, 6 loads
 * each, same run: `dv:first-screen` at 1.41 s median with it, 0.86 s without — work that dstat2graphs' page,
 * measured by its load event, never pays. Here an init script reports each `dv:` mark on the console, and
 * Node waits for that message: the page runs nothing but a PerformanceObserver.
 */
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

const PREFIX = 'dv-bench-mark ';

/** Add to a context before its pages open (`context.addInitScript(MARK_REPORTER)`). */
export const MARK_REPORTER = {
  content:
    `new PerformanceObserver((list) => { for (const e of list.getEntries()) ` +
    `if (e.name.startsWith('dv:')) console.debug(${JSON.stringify(PREFIX)} + JSON.stringify([e.name, e.startTime])); })` +
    `.observe({ type: 'mark', buffered: true });`,
};

interface Marks {
  /** Mark name → its time (ms from navigation start), first of each name. */
  seen: Map<string, number>;
  waiters: Map<string, ((ms: number) => void)[]>;
}

const tracked = new WeakMap<Page, Marks>();

/** A new page of a context with MARK_REPORTER whose marks are followed (before it navigates). */
export async function trackedPage(context: BrowserContext): Promise<Page> {
  await context.addInitScript(MARK_REPORTER);
  const page = await context.newPage();
  const marks: Marks = { seen: new Map(), waiters: new Map() };
  tracked.set(page, marks);
  page.on('console', (msg: ConsoleMessage) => {
    const text = msg.text();
    if (!text.startsWith(PREFIX)) return;
    const [name, ms] = JSON.parse(text.slice(PREFIX.length)) as [string, number];
    if (marks.seen.has(name)) return;
    marks.seen.set(name, ms);
    for (const resolve of marks.waiters.get(name) ?? []) resolve(ms);
    marks.waiters.delete(name);
  });
  return page;
}

/**
 * The time of a mark on a page made by trackedPage (waiting up to `timeoutMs`; a string saying why when it
 * does not come), or null for a page that is not tracked.
 */
export function trackedMarkTime(page: Page, name: string, timeoutMs: number): Promise<number | string> | null {
  const marks = tracked.get(page);
  if (!marks) return null;
  const ms = marks.seen.get(name);
  if (ms !== undefined) return Promise.resolve(ms);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`n/a (no ${name} mark in ${timeoutMs / 1000} s)`), timeoutMs);
    const list = marks.waiters.get(name) ?? [];
    list.push((t) => {
      clearTimeout(timer);
      resolve(t);
    });
    marks.waiters.set(name, list);
  });
}
