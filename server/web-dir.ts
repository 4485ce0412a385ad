/**
 * Where the built web app is, by default: its own small module so that the CLI can find the offline build
 * without loading the server's configuration (which pulls in the storage back-ends and the S3 client, ~0.5 s
 * of module loading for a command that needs none of it).
 */
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/web beside dist/server when compiled; <repo>/dist/web when running from server/*.ts. */
export function defaultWebDir(moduleUrl: string = import.meta.url): string {
  const here = dirname(fileURLToPath(moduleUrl));
  return basename(dirname(here)) === 'dist' ? resolve(here, '../web') : resolve(here, '../dist/web');
}
