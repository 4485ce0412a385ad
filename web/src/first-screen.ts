/**
 * The server's first-screen images (docs/ui-contract.md §10): `#first-screen` covers the top of the page
 * with the first charts drawn as images, so a report shows before the app has loaded. Part of the small
 * entry chunk (main.tsx). Once the images on screen are decoded and painted, `dv:first-screen` is marked;
 * when the app's interactive charts on screen have painted (coordinator: CHARTS_PAINTED_EVENT), the images
 * are removed. Images in the wrong theme (the user picked one unlike the system's) are removed at once.
 */
import { THEME_STORAGE_KEY } from './theme/theme-key.js';

export const CHARTS_PAINTED_EVENT = 'dv:charts-painted';

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function showFirstScreen(): void {
  const screen = document.getElementById('first-screen');
  if (!screen) return;
  const remove = (): void => screen.remove();
  window.addEventListener(CHARTS_PAINTED_EVENT, remove, { once: true });
  const system = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const chosen = storedTheme();
  if ((chosen === 'light' || chosen === 'dark') && chosen !== system) {
    remove();
    return;
  }
  const onScreen = Array.from(screen.querySelectorAll('img')).filter((img) => img.getBoundingClientRect().top < innerHeight);
  void Promise.all(onScreen.map((img) => img.decode().catch(() => undefined))).then(() =>
    requestAnimationFrame(() => {
      if (!screen.isConnected || performance.getEntriesByName('dv:first-screen', 'mark').length > 0) return;
      performance.mark('dv:first-screen', { detail: { source: 'images' } });
    }),
  );
}
