export * from './types.js';
export { CATALOGUE, DISK_TOTAL_EXCLUDE, NET_TOTAL_EXCLUDE, GENERIC_SECTION } from './catalogue.js';
export { resolveCharts, chartSections, textSeries } from './resolve.js';
export { combineValues, sourceValues } from './derive.js';
export { idleChartKeys, isIdleSeries, twinTotalKeys } from './idle.js';
