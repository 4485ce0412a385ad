/** Small pieces of HTTP the routes share: content negotiation, validators, download names. */

/** True when the Accept-Encoding header accepts `coding` (explicitly, or through `*`), honouring q=0. */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let star: boolean | undefined;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === coding || (coding === 'gzip' && name.trim() === 'x-gzip')) return accepted;
    if (name.trim() === '*') star = accepted;
  }
  return star ?? false;
}

/** True when If-None-Match names this (weak) ETag or `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form; always ends in `.csv`. */
export function csvContentDisposition(fileName: string): string {
  return attachmentDisposition(fileName, '.csv');
}

/**
 * `attachment` for a download made from an upload named `fileName`: its name without `.gz` and `.csv`, then
 * `ext` (`log.csv.gz` → `log.csv`, `log.html`, `log.zip`); an ASCII fallback and the exact name (RFC 5987).
 */
export function attachmentDisposition(fileName: string, ext: string): string {
  const base = fileName.replace(/\.gz$/i, '').replace(/\.csv$/i, '');
  const name = `${base}${ext}`;
  const ascii = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  const fallback = ascii.length > ext.length && ascii.endsWith(ext) ? ascii : `dstat${ext}`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** `type/subtype` of a Content-Type header, lower-cased; '' when absent. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** The request's Content-Type for an error message: `Content-Type "application/json"`. */
export function describeContentType(contentType: string | undefined): string {
  if (!contentType) return 'a request without Content-Type';
  return `Content-Type ${JSON.stringify(mediaType(contentType).slice(0, 100))}`;
}
