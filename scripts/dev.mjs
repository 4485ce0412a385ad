#!/usr/bin/env node
/**
 * `npm run dev`: the server from its TypeScript sources, restarted on change (`npm run dev:server`: tsx watch,
 * port 8080 unless PORT is set), and Vite's dev server for the web app (`npm run dev:web`, port 5173, hot
 * reload), which proxies the server's routes to it (web/vite.config.ts). Open the URL Vite prints.
 * Ctrl-C stops both; when either one exits, the other is stopped and this exits with its status.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = ['dev:server', 'dev:web'].map((script) => ({
  script,
  child: spawn(npm, ['run', '--silent', script], { stdio: 'inherit' }),
}));

let exiting = false;
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const { script, child } of children) {
  child.on('exit', (code, signal) => {
    if (!exiting) console.error(`[dev] ${script} exited (${signal ?? code}); stopping the other one`);
    stopAll(code ?? 1);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
