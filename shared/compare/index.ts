export * from './types.js';
export { compareRuns, changeSize, sortByChange } from './compare.js';
export { commonWindow, countedRows, elapsedSeconds, elapsedSpan, firstCountedRow, wallClockMs } from './align.js';
export { NOISE_RULE, delta, runFigures } from './delta.js';
export { matchSeries, runSeries, type MatchedSeries } from './match.js';
export { deltaTable, deltaTableMarkdown, deltaTableTsv, figure, runName, runTag, type DeltaTable, type RunLabel } from './table.js';
