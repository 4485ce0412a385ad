#!/usr/bin/env node
/**
 * `npm run build:web`: the web app's four Vite builds in one process (one Node start, Vite loaded once), two at
 * a time where their outputs allow it:
 *   1. web/vite.config.ts                    the served app into dist/web (empties it first)
 *   2. web/vite.offline.config.ts            the offline report into dist/web/offline (empties it), then
 *      web/vite.offline-first-screen.config.ts its first-screen watcher into the same directory
 *   3. web/vite.offline-compare.config.ts    the offline compare page into dist/web/offline-compare
 * 2 and 3 run side by side, after 1. Each config still builds alone with `vite build --config …`.
 */
import { build } from 'vite';

const buildOne = (config) => build({ configFile: `web/${config}`, logLevel: 'warn' });

await buildOne('vite.config.ts');
await Promise.all([
  buildOne('vite.offline.config.ts').then(() => buildOne('vite.offline-first-screen.config.ts')),
  buildOne('vite.offline-compare.config.ts'),
]);
