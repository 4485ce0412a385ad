import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../test/helpers/browser.js';
const browser = await launchBrowser();
try {
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('**/*', (r) => (r.request().url().startsWith('file:') ? r.continue() : r.abort()));
    const page = await context.newPage();
    await page.goto(pathToFileURL(process.argv[2]!).href);
    await page.waitForFunction(() => performance.getEntriesByName('dv:first-screen', 'mark').length > 0, undefined, { timeout: 60000 });
    const t = await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const paints = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]));
      const marks = performance.getEntriesByType('mark').map((e) => e.name + '@' + Math.round(e.startTime)).filter((n) => !n.startsWith('dv:painted:')).slice(0, 14);
      return { responseEnd: Math.round(nav.responseEnd), domInteractive: Math.round(nav.domInteractive), dcl: Math.round(nav.domContentLoadedEventEnd), paints, marks };
    })()`);
    console.log(JSON.stringify(t));
    await context.close();
  }
} finally {
  await browser.close();
}
