/**
 * A log whose preamble was cut off: files kept by test harnesses often start at the group-name row
 * (`"procs",,,"memory usage",…`), then the column-name row, with no title, Author:, Host:, Cmdline: or
 * Date: line (`tail -n +6`, or a tool that kept only the table). Such rows are recognised by dstat's own
 * group and column names (known-names.ts), quoted or not, with or without a time column.
 */
import { toNumber } from './cells.js';
import { layoutColumns } from './header.js';
import { isKnownColumn, isKnownGroup } from './known-names.js';
import { tokenizeLine } from './tokenize.js';

/** 0-based lines of the two header rows. */
export interface BareHeader {
  groupLine: number;
  columnLine: number;
}

/** The header rows starting at line `at` (its first non-blank line), or null when they are not dstat's. */
export function findBareHeader(lines: readonly string[], at: number): BareHeader | null {
  let columnLine = at + 1;
  while (columnLine < lines.length && lines[columnLine]!.trim() === '') columnLine++;
  if (columnLine >= lines.length) return null;
  const groups = tokenizeLine(lines[at]!);
  const columns = tokenizeLine(lines[columnLine]!);
  return groups && columns && isDstatHeader(groups, columns) ? { groupLine: at, columnLine } : null;
}

/**
 * Two rows are dstat's header when they have its shape — a group name above the first column of each group,
 * no numbers but IRQ numbers under `interrupts` — and at least half of the group names and half of the column
 * names are dstat's (a plugin dstatview does not know may bring names of its own).
 */
export function isDstatHeader(groupRow: readonly string[], columnRow: readonly string[]): boolean {
  if ((groupRow[0] ?? '').trim() === '') return false;
  const header = layoutColumns(groupRow, columnRow);
  for (let i = header.length; i < groupRow.length; i++) if (groupRow[i]!.trim() !== '') return false;
  const groups = groupRow.map((g) => g.trim()).filter((g) => g !== '');
  let knownGroups = 0;
  for (const g of groups) {
    if (toNumber(g) === toNumber(g)) return false;
    if (isKnownGroup(g)) knownGroups++;
  }
  let knownColumns = 0;
  for (const { group, column } of header) {
    if (isKnownColumn(group, column)) knownColumns++;
    else if (toNumber(column) === toNumber(column)) return false;
  }
  return knownGroups > 0 && knownGroups * 2 >= groups.length && knownColumns * 2 >= header.length;
}
