import { MAX_REPORTED_ISSUES } from '../limits.js';
import type { ParseIssue, Severity } from './types.js';

/** Collects what a parse noticed: the first MAX_REPORTED_ISSUES with their lines, the rest counted. */
export class IssueLog {
  readonly list: ParseIssue[] = [];
  more = 0;

  add(severity: Severity, line: number, message: string): void {
    if (this.list.length < MAX_REPORTED_ISSUES) this.list.push({ severity, line, message });
    else this.more++;
  }

  warn(line: number, message: string): void {
    this.add('warning', line, message);
  }

  info(line: number, message: string): void {
    this.add('info', line, message);
  }

  /** Take over what `other` collected, after what this log has. */
  absorb(other: IssueLog): void {
    for (const issue of other.list) this.add(issue.severity, issue.line, issue.message);
    this.more += other.more;
  }
}

/** A cell or line quoted for a message: short, on one line (JSON escapes control characters). */
export function quote(text: string, max = 40): string {
  return JSON.stringify(text.length > max ? text.slice(0, max) + '…' : text);
}
