/**
 * A text cell made safe to open in a spreadsheet (OWASP "CSV injection"): a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return is read as a formula by Excel, LibreOffice and Google Sheets, so it
 * gets a leading `'` (shown as text, the quote hidden). A plain number (`-1.5`, `+3`, `2e-3`) is left as it
 * is, so it stays a number. Only cells whose text comes from outside (series ids, labels, units from an
 * upload) go through here; the figures the program writes itself do not.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function spreadsheetText(s: string): string {
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}
