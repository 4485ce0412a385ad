export * from './types.js';
export { compareRuns, changeSize, sortByChange } from './compare.js';
export { commonWindow, countedRows, elapsedSeconds, elapsedSpan, firstCountedRow, wallClockMs } from './align.js';
export { delta, runFigures } from './delta.js';
export { matchSeries, runSeries, type MatchedSeries } from './match.js';
export { deltaTable, deltaTableMarkdown, hostsTable, deltaTableTsv, figure, isIdleSeries, runName, runTag, seriesNames, type DeltaTable, type DeltaTableOptions, type RunLabel, type SeriesName, type SeriesNames, type TableHeader } from './table.js';
export { TABLE_TEXT, type TableText } from './table-text.js';
export { DEFAULT_MIN_CHANGE, SIGNIFICANCE_METHOD, changeInterval, meanUncertainty, tQuantile975, verdictOf, type MeanUncertainty, type Verdict } from './significance.js';
export { clockShifts, effectiveShifts, zoneOffsetMs, type ClockRun } from './clock.js';
