/** The findings engine: rules as data (rules.ts), evaluated over a run's raw columns (evaluate.ts). */
export type * from './finding.js';
export { evaluateFindings, sortFindings } from './evaluate.js';
export { RULES, ruleSpec } from './rules.js';
export { parseLinks, type LinkParse } from './link.js';
export { findingsMarkdown } from './markdown.js';
export { withLinks } from './with-links.js';
export type { FindingsRun, FindingsOptions } from './run-input.js';
