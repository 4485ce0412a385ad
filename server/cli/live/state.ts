/**
 * What `dstatview live` remembers of a followed file, so that a command started again on the same file
 * (same server, same file: device and inode) carries on with the same live report instead of opening a
 * new one: a small JSON file per followed file under $XDG_STATE_HOME/dstatview/live (default
 * ~/.local/state), readable by its owner only, removed when the report is finished.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface LiveState {
  id: string;
  appendToken: string;
  deleteToken: string;
  /** The report page's absolute URL. */
  url: string;
}

function stateDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME?.trim() || join(homedir(), '.local', 'state');
  return join(base, 'dstatview', 'live');
}

export class StateFile {
  readonly path: string;

  constructor(server: string, identity: string, env: NodeJS.ProcessEnv = process.env) {
    const key = createHash('sha256').update(`${server}\n${identity}`).digest('hex').slice(0, 32);
    this.path = join(stateDir(env), `${key}.json`);
  }

  async read(): Promise<LiveState | null> {
    try {
      const s = JSON.parse(await readFile(this.path, 'utf8')) as Partial<LiveState>;
      return typeof s.id === 'string' && typeof s.appendToken === 'string' && typeof s.url === 'string'
        ? { id: s.id, appendToken: s.appendToken, deleteToken: s.deleteToken ?? '', url: s.url }
        : null;
    } catch {
      return null;
    }
  }

  async write(state: LiveState): Promise<void> {
    await mkdir(join(this.path, '..'), { recursive: true, mode: 0o700 });
    await writeFile(this.path, JSON.stringify(state), { mode: 0o600 });
  }

  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
