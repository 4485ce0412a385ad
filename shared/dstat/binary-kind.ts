/**
 * What a file that is not text probably is, from its first bytes (read as Latin-1 characters, or as decoded
 * text where they survived): said in the error so the user knows what they picked.
 */
// Signatures are control bytes by definition, which no-control-regex exists to flag as likely typos.
/* eslint-disable no-control-regex */
const SIGNATURES: readonly [RegExp, string][] = [
  [/^.PNG/, 'a PNG image'],
  [/^\u00ff\u00d8\u00ff|^\ufffd\ufffd\ufffd/, 'a JPEG image'],
  [/^GIF8/, 'a GIF image'],
  [/^PK\u0003\u0004/, 'a ZIP archive (an .xlsx or .zip file)'],
  [/^%PDF/, 'a PDF document'],
  [/^\u001f(\u008b|\ufffd)/, 'a gzip-compressed file (unpack it first: gunzip log.csv.gz)'],
  [/^BZh/, 'a bzip2-compressed file (unpack it first: bunzip2 log.csv.bz2)'],
  [/^\u00fd7zXZ|^\ufffd7zXZ/, 'an xz-compressed file (unpack it first: unxz log.csv.xz)'],
  [/^\u00d0\u00cf\u0011\u00e0|^\ufffd\ufffd\u0011\ufffd/, 'an old Excel or Office document (.xls)'],
];
/* eslint-enable no-control-regex */

/** `a PNG image`, `a gzip-compressed file (…)`, or '' when the signature is not known. */
export function binaryKind(head: string): string {
  return SIGNATURES.find(([re]) => re.test(head))?.[1] ?? '';
}

/** The error's reason for a file that is not text, naming what it seems to be. */
export function notTextReason(kind: string): string {
  return `not a dstat CSV but a binary file${kind ? ': ' + kind : ''}`;
}
