/**
 * The HTTP side of `dstatview live`: the live report API (shared/api/live-json.ts) with retries. A request
 * that fails on the network or gets 429 / 5xx is sent again after a wait that doubles (from 0.5 s up to
 * 10 s, or the server's Retry-After), for as long as it takes: rows are never given up. Other answers
 * (401/403: a token; 404: gone; 413: too large; 422: rows that do not fit) are final: LiveRefused.
 */
import type { LiveOpened, LiveStatusJson } from '../../../shared/api/live-json.js';

export class LiveRefused extends Error {
  override readonly name = 'LiveRefused';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface LiveClientOptions {
  base: URL;
  /** UPLOAD_TOKEN of the server, for opening. */
  uploadToken?: string | null;
  /** Called before each wait after a failure (for a line on standard error). */
  onRetry?: (what: string, waitMs: number) => void;
  /** True when the command is stopping: waits are cut short (the request is still tried). */
  stopping?: () => boolean;
}

const MIN_WAIT_MS = 500;
const MAX_WAIT_MS = 10_000;

export class LiveClient {
  constructor(private readonly opts: LiveClientOptions) {}

  open(fileName: string, idleSeconds: number): Promise<LiveOpened> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.opts.uploadToken) headers.authorization = `Bearer ${this.opts.uploadToken}`;
    return this.call<LiveOpened>('open the live report', '/api/live', { method: 'POST', headers, body: JSON.stringify({ fileName, idleSeconds }) });
  }

  append(id: string, token: string, offset: number, bytes: Buffer, reset: boolean): Promise<LiveStatusJson> {
    return this.call<LiveStatusJson>('send rows', `/api/live/${id}/rows?offset=${offset}${reset ? '&reset=1' : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: bytes,
    });
  }

  finish(id: string, token: string): Promise<{ id: string; url: string }> {
    return this.call('finish the report', `/api/live/${id}/finish`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  }

  status(id: string): Promise<LiveStatusJson> {
    return this.call<LiveStatusJson>('read the live report', `/api/live/${id}`, { method: 'GET' });
  }

  private async call<T>(what: string, path: string, init: RequestInit): Promise<T> {
    let wait = MIN_WAIT_MS;
    for (;;) {
      let retryAfterMs = 0;
      try {
        const res = await fetch(new URL(path, this.opts.base), init);
        const text = await res.text();
        if (res.ok) return JSON.parse(text) as T;
        const body = parseError(text);
        if (res.status !== 429 && res.status < 500) throw new LiveRefused(res.status, body.code, body.message || `HTTP ${res.status}`);
        retryAfterMs = Number(res.headers.get('retry-after') ?? 0) * 1000;
        this.opts.onRetry?.(`${what}: HTTP ${res.status} ${body.message}`.trim(), Math.max(wait, retryAfterMs));
      } catch (err) {
        if (err instanceof LiveRefused) throw err;
        this.opts.onRetry?.(`${what}: ${describe(err)}`, wait);
      }
      await sleep(Math.min(MAX_WAIT_MS, Math.max(wait, retryAfterMs)), this.opts.stopping);
      wait = Math.min(MAX_WAIT_MS, wait * 2);
    }
  }
}

function parseError(text: string): { code: string; message: string } {
  try {
    const b = JSON.parse(text) as { code?: unknown; message?: unknown };
    return { code: typeof b.code === 'string' ? b.code : '', message: typeof b.message === 'string' ? b.message : '' };
  } catch {
    return { code: '', message: '' };
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as Error | undefined;
  return cause?.message ?? err.message;
}

/** Wait `ms`, checked every 100 ms against `cut` (a stopping command waits less, at most 1 s). */
export async function sleep(ms: number, cut?: () => boolean): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cut?.() && Date.now() > end - ms + 1000) return;
    await new Promise((r) => setTimeout(r, Math.min(100, end - Date.now())));
  }
}
