/**
 * The first screen's markup and files (server/render/first-screen.ts), from images given as bytes: each
 * chart a figure with its light image (inline or a file, 1× as src, others in srcset) and its dark source,
 * loaded eagerly on the first screen and lazily below it, every text escaped; the file names, URLs, heading
 * and view key. Drawing is tested in offline-first-screen.test.ts and the routes' tests.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReportJson } from '../../../shared/api/schemas.js';
import { FIRST_SCREEN_CHARTS } from '../../../shared/view/first-screen.js';
import { parseViewState } from '../../../shared/view/view-state.js';
import {
  compareFirstScreenFileUrl,
  drawVariants,
  firstScreenFileName,
  firstScreenFileUrl,
  firstScreenHeading,
  firstScreenPage,
  firstScreenViewKey,
  headingOf,
  type FirstScreenImage,
} from '../../../server/render/first-screen.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const name = (s: string) => firstScreenFileName(bytes(s));
const dataUrl = (s: string) => `data:image/png;base64,${Buffer.from(s).toString('base64')}`;
const url = (n: string) => `/files/${n}`;

/** An image whose variant for theme t at ratio r holds the bytes `KEY-t-r`. */
function image(key: string, title = key, ratios = [1, 2], height = 200): FirstScreenImage {
  return {
    key,
    title,
    width: 640,
    height,
    variants: (['light', 'dark'] as const).flatMap((theme) => ratios.map((ratio) => ({ theme, ratio, png: bytes(`${key}-${theme}-${ratio}`) }))),
  };
}

describe('firstScreenPage', () => {
  it('is nothing for no images', () => {
    const page = firstScreenPage(url, [], 'host — f.csv', { inlineFirstScreen: true });
    expect(page.html).toBe('');
    expect(page.files.size).toBe(0);
  });

  it('writes one figure per chart: its heading, the dark source and the light image, 1× as src and 2× in srcset', () => {
    const page = firstScreenPage(url, [image('cpu:total', 'CPU usage')], 'vm — log.csv');
    expect(page.html).toBe(
      '<div id="first-screen" aria-hidden="true" style="position:absolute;top:0;left:0;right:0;z-index:50;' +
        'min-height:100vh;padding:16px 24px;box-sizing:border-box;background:Canvas;color:CanvasText;' +
        'font-family:system-ui,sans-serif">' +
        '<p style="margin:0 0 14px;font-size:18px;line-height:24px;font-weight:600">vm — log.csv</p>' +
        '<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(560px,1fr));gap:18px 24px">' +
        '<figure data-first-screen="cpu:total" style="margin:0;min-width:0;min-height:340px">' +
        '<h3 style="font-size:15px;line-height:20px;margin:0 0 6px">CPU usage</h3>' +
        `<picture><source media="(prefers-color-scheme: dark)" srcset="${url(name('cpu:total-dark-1'))} 1x, ${url(name('cpu:total-dark-2'))} 2x">` +
        `<img src="${url(name('cpu:total-light-1'))}" srcset="${url(name('cpu:total-light-2'))} 2x" width="640" height="200" fetchpriority="high" elementtiming="dv-first-screen" ` +
        'alt="CPU usage" style="width:100%;max-width:640px;height:auto;display:block"></picture></figure></div></div>',
    );
    expect([...page.files.keys()].sort()).toEqual(['light-1', 'light-2', 'dark-1', 'dark-2'].map((v) => name(`cpu:total-${v}`)).sort());
    for (const [n, png] of page.files) expect(firstScreenFileName(png)).toBe(n);
  });

  it('inlines the first screen’s light 1× images (no file for them), and only theirs; loads the charts below it lazily', () => {
    const images = Array.from({ length: FIRST_SCREEN_CHARTS + 1 }, (_, i) => image(`c${i}`, `Chart ${i}`, [1, 2], 150));
    const page = firstScreenPage(url, images, 'h', { inlineFirstScreen: true });
    const figures = page.html.split('<figure ').slice(1);
    expect(figures).toHaveLength(FIRST_SCREEN_CHARTS + 1);
    for (const [i, f] of figures.entries()) {
      const onScreen = i < FIRST_SCREEN_CHARTS;
      const light1 = onScreen ? dataUrl(`c${i}-light-1`) : url(name(`c${i}-light-1`));
      expect(f, `chart ${i}`).toContain(`<img src="${light1}" srcset="${url(name(`c${i}-light-2`))} 2x" width="640" height="150" `);
      expect(f).toContain(onScreen ? ' fetchpriority="high" ' : ' loading="lazy" decoding="async" ');
      expect(f).toContain('min-height:290px');
      expect(f).toContain(`srcset="${url(name(`c${i}-dark-1`))} 1x, ${url(name(`c${i}-dark-2`))} 2x"`);
      expect(page.files.has(name(`c${i}-light-1`))).toBe(!onScreen);
      expect(page.files.has(name(`c${i}-dark-1`))).toBe(true);
    }
    expect(page.files.size).toBe(4 * (FIRST_SCREEN_CHARTS + 1) - FIRST_SCREEN_CHARTS);
  });

  it('writes no srcset for a light image of one ratio (an offline page’s)', () => {
    const page = firstScreenPage(url, [image('k', 'K', [1])], 'h', { inlineFirstScreen: true });
    expect(page.html).toContain(`<img src="${dataUrl('k-light-1')}" width="640"`);
    expect(page.html).toContain(`srcset="${url(name('k-dark-1'))} 1x">`);
    expect(page.html.match(/srcset=/g)).toHaveLength(1);
  });

  it('escapes the chart key, title and heading (they come from the CSV)', () => {
    const page = firstScreenPage(url, [image(`d<"x'>&`, `<img src=x onerror="alert('t')">`)], `<b>"host"</b> & 'f'`);
    expect(page.html).toContain('data-first-screen="d&lt;&quot;x&#39;&gt;&amp;"');
    expect(page.html).toContain('>&lt;img src=x onerror=&quot;alert(&#39;t&#39;)&quot;&gt;</h3>');
    expect(page.html).toContain('alt="&lt;img src=x onerror=&quot;alert(&#39;t&#39;)&quot;&gt;"');
    expect(page.html).toContain('>&lt;b&gt;&quot;host&quot;&lt;/b&gt; &amp; &#39;f&#39;</p>');
    expect(page.html).not.toMatch(/<img src=x|<b>/);
  });
});

describe('first-screen files, URLs and heading', () => {
  it('names a file by 128 bits of its SHA-256, base64url', () => {
    const png = bytes('some png');
    expect(firstScreenFileName(png)).toBe(`${createHash('sha256').update(png).digest('base64url').slice(0, 22)}.png`);
    expect(firstScreenFileName(png)).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
    expect(firstScreenFileName(bytes('other'))).not.toBe(firstScreenFileName(png));
  });

  it('serves a report page’s files under it, and a compare page’s under /compare', () => {
    expect(firstScreenFileUrl('AbCdEfGhIjKlMnOpQrStUv', 'n.png')).toBe('/r/AbCdEfGhIjKlMnOpQrStUv/first-screen/n.png');
    expect(compareFirstScreenFileUrl('n.png')).toBe('/compare/first-screen/n.png');
  });

  it('heads the images with host and file, either left out when empty', () => {
    expect(headingOf('vm', 'log.csv')).toBe('vm — log.csv');
    expect(headingOf(undefined, 'log.csv')).toBe('log.csv');
    expect(headingOf('  ', 'log.csv')).toBe('log.csv');
    expect(headingOf('vm', '')).toBe('vm');
    expect(headingOf('', ' ')).toBe('');
  });

  it("takes the heading's host from the view's run, else the last", () => {
    const report = { fileName: 'two.csv', runs: [{ meta: { host: 'first' } }, { meta: { host: 'second' } }] } as unknown as ReportJson;
    const heading = (q: string) => firstScreenHeading(report, parseViewState(q));
    expect(heading('')).toBe('second — two.csv');
    expect(heading('?run=1')).toBe('first — two.csv');
    expect(heading('?run=2')).toBe('second — two.csv');
    expect(heading('?run=3')).toBe('second — two.csv');
    expect(firstScreenHeading({ fileName: 'none.csv', runs: [] } as unknown as ReportJson, parseViewState(''))).toBe('none.csv');
  });

  it('keys a view by every option that changes the images, not the columns', () => {
    expect(firstScreenViewKey(parseViewState(''))).toBe('');
    expect(firstScreenViewKey(parseViewState('?cols=3'))).toBe('');
    expect(firstScreenViewKey(parseViewState('?height=300&cols=1'))).toBe('?height=300');
    expect(firstScreenViewKey(parseViewState('?height=300'))).not.toBe(firstScreenViewKey(parseViewState('?height=250')));
  });
});

describe('drawVariants', () => {
  it('draws light then dark, each at every ratio asked (1× and 2× by default), in that order', async () => {
    const asked: string[] = [];
    const draw = async (theme: string, ratio: number) => (asked.push(`${theme} ${ratio}`), bytes(`${theme}${ratio}`));
    const variants = await drawVariants(draw);
    expect(asked).toEqual(['light 1', 'light 2', 'dark 1', 'dark 2']);
    expect(variants.map((v) => [v.theme, v.ratio, new TextDecoder().decode(v.png)])).toEqual([
      ['light', 1, 'light1'],
      ['light', 2, 'light2'],
      ['dark', 1, 'dark1'],
      ['dark', 2, 'dark2'],
    ]);
    expect((await drawVariants(draw, [3])).map((v) => `${v.theme} ${v.ratio}`)).toEqual(['light 3', 'dark 3']);
  });
});
