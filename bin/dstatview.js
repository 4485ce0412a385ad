#!/usr/bin/env node
// The `dstatview` command: the compiled dist/server/cli/main.js (`npm run build`; what the Docker image has).
// Transpiling the TypeScript sources at run time costs seconds on every call (measured: 13 s against 7 s for
// `report` of the 4 MB log on a busy machine), so tsx is only the fallback of a checkout that has not
// been built yet.
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

if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  const tsx = existsSync(source) ? await loadTsx() : null;
  if (tsx) {
    tsx.register();
    await import(source.href);
  } else {
    process.stderr.write('dstatview: not built; run `npm ci` and `npm run build` first\n');
    process.exitCode = 1;
  }
}
