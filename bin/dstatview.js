#!/usr/bin/env node
// The `dstatview` command. In a checkout (right after `npm ci`) it runs the TypeScript sources through tsx,
// so it is always current; in the Docker image, which has no sources and no dev tools, the compiled
// dist/server/cli/main.js.
import { existsSync } from 'node:fs';

const source = new URL('../server/cli/main.ts', import.meta.url);
const compiled = new URL('../dist/server/cli/main.js', import.meta.url);

async function loadTsx() {
  try {
    return await import('tsx/esm/api');
  } catch {
    return null;
  }
}

const tsx = existsSync(source) ? await loadTsx() : null;
if (tsx) {
  tsx.register();
  await import(source.href);
} else if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  process.stderr.write('dstatview: not built; run `npm ci` (or `npm run build`) first\n');
  process.exitCode = 1;
}
