/**
 * The HTTP API, typed with the shared schemas' static types (types only: the TypeBox runtime stays out of the
 * bundle). Every failure becomes an ApiFailure with a message a person can act on: the server's own message
 * for API errors (`line 1: expected the dstat title line, found …`), plain words for network trouble.
 */
import { isReportId } from '../../../shared/api/report-id.js';
import type { ApiError, CreatedReport, ReportJson, ServerConfig } from '../../../shared/api/schemas.js';
import { formatBytes } from '../format.js';

export type FailureKind = 'http' | 'network' | 'aborted' | 'not-found' | 'bad-response';

export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status = 0,
    readonly code = '',
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

export { isReportId };

export function reportPath(id: string): string {
  return `/r/${encodeURIComponent(id)}`;
}

/** The compare page of these reports (`ID` or `ID:RUN` each, checked: URL-safe as they are). */
export function comparePath(ids: readonly string[]): string {
  return `/compare?ids=${ids.join(',')}`;
}

export function csvUrl(id: string): string {
  return `/api/reports/${encodeURIComponent(id)}/csv`;
}

function isApiError(x: unknown): x is ApiError {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as ApiError).code === 'string' &&
    typeof (x as ApiError).message === 'string'
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The failure for a non-2xx answer given as text (the report worker's way). */
export function failureFromText(status: number, statusText: string, text: string): ApiFailure {
  return failureOf(status, statusText, parseJson(text));
}

/** The failure for a non-2xx answer: the API's error body when there is one. */
function failureOf(status: number, statusText: string, body: unknown): ApiFailure {
  if (isApiError(body)) {
    return new ApiFailure(
      status === 404 ? 'not-found' : 'http',
      body.message,
      status,
      body.code,
      body.line,
      body.column,
    );
  }
  const what = status >= 500 ? 'The server had a problem' : 'The server refused the request';
  return new ApiFailure(status === 404 ? 'not-found' : 'http', `${what} (HTTP ${status}${statusText ? ` ${statusText}` : ''}).`, status);
}

export const NETWORK_MESSAGE = 'Could not reach the dstatview server. Check your connection and try again.';

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch {
    if (signal?.aborted) throw new ApiFailure('aborted', 'Cancelled.');
    throw new ApiFailure('network', NETWORK_MESSAGE);
  }
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  if (!response.ok) throw failureOf(response.status, response.statusText, body);
  if (body === undefined) throw new ApiFailure('bad-response', 'The server sent an answer that is not JSON.', response.status);
  return body as T;
}

/** DELETE /api/reports/:id with the report's delete token; resolves once it is gone (or was already). */
export async function deleteReport(id: string, deleteToken: string): Promise<void> {
  const res = await fetch(`/api/reports/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${deleteToken}` },
  });
  if (res.status === 204 || res.status === 404) return;
  throw failureFromText(res.status, res.statusText, await res.text());
}

export function getConfig(signal?: AbortSignal): Promise<ServerConfig> {
  return getJson<ServerConfig>('/api/config', signal);
}

export async function getReport(id: string, signal?: AbortSignal): Promise<ReportJson> {
  const report = await getJson<ReportJson>(`/api/reports/${encodeURIComponent(id)}`, signal);
  if (!Array.isArray(report.runs)) throw new ApiFailure('bad-response', 'The server sent a report without runs.');
  return report;
}

export interface UploadCallbacks {
  /** Bytes sent so far of the request body (a little more than the file: multipart framing). */
  onProgress?: (loaded: number, total: number) => void;
  /** The whole file is sent; the server is reading it now. */
  onSent?: () => void;
}

export interface Upload {
  promise: Promise<CreatedReport>;
  abort: () => void;
}

/**
 * POST /api/reports with the file (or several, to compare) as multipart field `file`, through XMLHttpRequest
 * because fetch reports no upload progress. `maxBytes` only words the message of a connection the server
 * cut because of the size. Several files resolve with `compareUrl`, the page comparing their reports.
 */
export function uploadReport(fileOrFiles: File | readonly File[], callbacks: UploadCallbacks = {}, maxBytes?: number): Upload {
  const files = Array.isArray(fileOrFiles) ? (fileOrFiles as readonly File[]) : [fileOrFiles as File];
  const xhr = new XMLHttpRequest();
  const promise = new Promise<CreatedReport>((resolve, reject) => {
    xhr.open('POST', '/api/reports');
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) callbacks.onProgress?.(e.loaded, e.total);
    };
    xhr.upload.onload = () => callbacks.onSent?.();
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status === 201 || xhr.status === 200) {
        const created = body as Partial<CreatedReport> | undefined;
        if (created && typeof created.id === 'string' && isReportId(created.id)) {
          const ids = (created.reports ?? []).map((r) => r.id).filter(isReportId);
          // The compare page's path is made here from checked ids, never taken from the answer as is.
          resolve({
            id: created.id,
            url: reportPath(created.id),
            deleteToken: String(created.deleteToken ?? ''),
            ...(ids.length > 1 ? { compareUrl: comparePath(ids) } : {}),
          });
        } else {
          reject(new ApiFailure('bad-response', 'The server accepted the file but sent no report address.', xhr.status));
        }
        return;
      }
      if (xhr.status === 413 && !isApiError(body)) {
        reject(
          new ApiFailure(
            'http',
            `The file is larger than the server accepts${maxBytes ? ` (${formatBytes(maxBytes)})` : ''}.`,
            413,
            'FILE_TOO_LARGE',
          ),
        );
        return;
      }
      reject(failureOf(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => {
      const tooBig = maxBytes !== undefined && files.some((f) => f.size > maxBytes);
      reject(
        new ApiFailure(
          'network',
          tooBig
            ? `The server closed the connection: the file is larger than it accepts (${formatBytes(maxBytes)}).`
            : 'The upload failed: the connection to the server was lost. Check your connection and try again.',
        ),
      );
    };
    xhr.onabort = () => reject(new ApiFailure('aborted', 'Upload cancelled.'));
    xhr.ontimeout = () => reject(new ApiFailure('network', 'The upload timed out. Try again.'));
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
