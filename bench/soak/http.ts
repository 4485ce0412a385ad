/**
 * What the soak runs share: requests with a deadline that report status, headers and body whatever
 * happens, checks of an error body's shape, and percentiles.
 */
import { request } from 'node:http';
import { connect } from 'node:net';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
  /** Set when there was no HTTP answer: 'timeout', or the socket error's code. */
  failure?: string;
}

/** One request with `body`; gives up after `timeoutMs` (failure 'timeout'). */
export function send(
  url: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: Uint8Array | string; timeoutMs: number },
): Promise<Reply> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let settled = false;
    const done = (r: Omit<Reply, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: performance.now() - t0 });
    };
    const req = request(url + opts.path, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    const timer = setTimeout(() => {
      done({ status: 0, headers: {}, body: '', failure: 'timeout' });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => done({ status: 0, headers: {}, body: '', failure: err.code ?? err.message }));
    req.end(opts.body);
  });
}

/**
 * Raw bytes on a fresh connection; the answer is whatever comes back before the server closes it.
 * `end`: the client then closes its side, as one that gave up sending does.
 */
export function sendRaw(port: number, bytes: Uint8Array | string, timeoutMs: number, end = false): Promise<Reply> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const done = (failure?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const split = text.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of text.slice(0, split).split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status: m ? Number(m[1]) : 0,
        headers,
        body: split >= 0 ? text.slice(split + 4) : '',
        ms: performance.now() - t0,
        ...(m ? {} : { failure: failure ?? 'no answer' }),
      });
    };
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => {
      text += c;
      // One answer is all we wait for (a keep-alive connection would stay open).
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split));
      if (split >= 0 && length && text.length >= split + 4 + Number(length[1])) done();
    });
    socket.on('close', () => done());
    socket.on('error', (err: NodeJS.ErrnoException) => done(err.code));
    if (end) socket.end(bytes);
    else socket.write(bytes);
  });
}

/** Why an error reply's body is not `{code, message}` (+ line, column); null when it is. */
export function badErrorBody(reply: Reply): string | null {
  if (reply.status < 400) return null;
  if (reply.status === 304) return null;
  try {
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    const extra = Object.keys(body).filter((k) => !['code', 'message', 'line', 'column'].includes(k));
    if (typeof body.code !== 'string' || typeof body.message !== 'string') return `no code/message: ${reply.body.slice(0, 120)}`;
    if (extra.length > 0) return `extra fields ${extra.join(',')}`;
    return null;
  } catch {
    return `not JSON: ${JSON.stringify(reply.body.slice(0, 120))}`;
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A multipart body with one file in the field `file`. */
export function multipart(content: Uint8Array | string, boundary = 'soakBoundary7MA4YWxkTrZu0gW'): { body: Buffer; type: string } {
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dstat.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/reports with `content` as the file of a multipart form. */
export function postUpload(url: string, content: Uint8Array | string, timeoutMs: number, headers: Record<string, string> = {}): Promise<Reply> {
  const { body, type } = multipart(content);
  return send(url, {
    method: 'POST',
    path: '/api/reports',
    headers: { 'content-type': type, 'content-length': String(body.length), ...headers },
    body,
    timeoutMs,
  });
}
