/**
 * dstat2graphs' form fields beside an upload (shared/api/d2g-options.ts) → the query of the report URL the
 * upload answers with; a value out of dstat2graphs' range is a 400 naming the field.
 */
import { D2gOptionError, d2gViewOptions, parseD2gOptions } from '../../shared/api/d2g-options.js';
import { viewQuery } from '../../shared/api/view-query.js';
import { BadRequestError } from '../errors.js';

export function uploadViewQuery(fields: Record<string, string>): string {
  try {
    return viewQuery(d2gViewOptions(parseD2gOptions(fields)));
  } catch (err) {
    if (err instanceof D2gOptionError) throw new BadRequestError(err.message);
    throw err;
  }
}

/** A browser's form post (Accept: text/html…) is answered with 303 to the report page instead of JSON. */
export function wantsHtml(accept: string | undefined): boolean {
  return /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept ?? '');
}
