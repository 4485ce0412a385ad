/**
 * Resolve the catalogue against one run's series: which charts this file gets, with which series, in page
 * order. Pure: the same series list always gives the same charts (the web page, exports and tests share it).
 *
 * Rules:
 * - Entries are taken in catalogue order; a device entry gives its total first, then one chart per device in
 *   the file's order.
 * - A series is drawn by the first entry that names its group and column. Columns an entry does not name go
 *   to the same chart as extra lines (`otherColumns: 'lines'`) or, like groups no entry names (plugins),
 *   to a generic chart per group and unit at the end. Text series (top-* process names) are not charted.
 * - No total group but two or more devices: the total is computed (sum, or mean for CPU %), leaving out the
 *   devices the producer itself leaves out of its totals, and the chart says so in its note.
 * - A family's total is never collapsed as idle; without a total, its first counted device stands in for it
 *   (a log whose only NIC sent nothing still has its network chart).
 */
import { CATALOGUE, GENERIC_SECTION } from './catalogue.js';
import {
  FALLBACK_COLOURS,
  type ChartSpec,
  type ColourToken,
  type DerivedTotal,
  type DeviceChartSpec,
  type ResolvedChart,
  type ResolvedSeries,
  type SeriesInfo,
} from './types.js';

export function resolveCharts(series: readonly SeriesInfo[], catalogue: readonly ChartSpec[] = CATALOGUE): ResolvedChart[] {
  const byGroup = new Map<string, SeriesInfo[]>();
  for (const s of series) {
    if (s.kind !== 'number') continue;
    let list = byGroup.get(s.group);
    if (!list) byGroup.set(s.group, (list = []));
    list.push(s);
  }
  const claimed = new Set<string>();
  const charts: ResolvedChart[] = [];
  /** Charts that take their group's unnamed columns, with that group. */
  const takesRest: { chart: ResolvedChart; group: string }[] = [];

  const fromGroup = (spec: ChartSpec, group: string, key: string, device: string | null): ResolvedChart | null => {
    const members = byGroup.get(group) ?? [];
    const picked: { spec: ChartSpec['columns'][number]; series: SeriesInfo }[] = [];
    const taken = new Set<string>();
    for (const col of spec.columns) {
      const names = [col.column, ...(col.aliases ?? [])];
      const s = members.find((m) => !claimed.has(m.id) && !taken.has(m.id) && names.includes(m.column));
      if (s) {
        picked.push({ spec: col, series: s });
        taken.add(s.id);
      }
    }
    if (!picked.some((p) => !p.spec.hidden)) return null;
    for (const id of taken) claimed.add(id);
    const resolved: ResolvedSeries[] = picked.map(({ spec: col, series: s }) => ({
      key: s.id,
      label: col.label,
      column: s.column,
      unit: s.unit,
      colour: col.colour,
      role: col.hidden ? 'hidden' : spec.stacked && !col.overlay ? 'band' : 'line',
      faint: col.faint ?? false,
      source: { combine: 'one', ids: [s.id] },
    }));
    const chart = makeChart(spec, key, device, orderRoles(resolved), null);
    if (spec.otherColumns === 'lines') takesRest.push({ chart, group });
    return chart;
  };

  for (const spec of catalogue) {
    if (spec.expand === 'none') {
      let first = true;
      for (const group of spec.groups) {
        if (!byGroup.has(group)) continue;
        const chart = fromGroup(spec, group, first ? spec.id : `${spec.id}:${group}`, null);
        if (!chart) continue;
        if (!first) chart.heading = `${spec.title} (${group})`;
        charts.push(chart);
        first = false;
      }
      continue;
    }
    const totalGroup = spec.totalGroups.find((g) => byGroup.has(g));
    const devices: { group: string; name: string }[] = [];
    for (const group of byGroup.keys()) {
      if (spec.totalGroups.includes(group)) continue;
      const name = spec.device.exec(group)?.groups?.['dev'];
      if (name) devices.push({ group, name });
    }
    const total: ResolvedChart | null = totalGroup
      ? fromGroup(spec, totalGroup, `${spec.id}:total`, 'total')
      : derivedTotal(spec, devices, byGroup);
    if (total) charts.push(total);
    // Without a total (one device, or one the producer counts), a device stands for its family: it is
    // drawn even when idle, because an idle network or disk is itself a finding.
    const stand = total ? null : (devices.find((d) => !spec.excludeFromTotal?.test(d.name)) ?? devices[0]);
    for (const d of devices) {
      const chart = fromGroup(spec, d.group, `${spec.id}:${d.name}`, d.name);
      if (!chart) continue;
      if (d === stand) chart.collapseIdle = false;
      charts.push(chart);
    }
  }

  for (const { chart, group } of takesRest) {
    const rest = (byGroup.get(group) ?? []).filter((s) => !claimed.has(s.id));
    if (rest.length === 0) continue;
    const used = new Set(chart.series.map((s) => s.colour));
    const palette = paletteAfter(used);
    for (const s of rest) {
      claimed.add(s.id);
      chart.series.push(lineOf(s, palette.next().value, chart.series));
    }
    chart.series = orderRoles(chart.series);
  }

  for (const [group, members] of byGroup) {
    const rest = members.filter((s) => !claimed.has(s.id));
    if (rest.length === 0) continue;
    const units = [...new Set(rest.map((s) => s.unit))];
    for (const unit of units) {
      const palette = paletteAfter(new Set());
      const lines: ResolvedSeries[] = [];
      for (const s of rest) if (s.unit === unit) lines.push(lineOf(s, palette.next().value, lines));
      const split = units.length > 1;
      charts.push({
        key: split ? `other:${group}:${unit}` : `other:${group}`,
        specId: 'generic',
        section: GENERIC_SECTION,
        title: group,
        device: null,
        heading: split ? `${group} (${unit || 'no unit'})` : group,
        unit,
        stacked: false,
        fill: false,
        yMax: null,
        yLimit: null,
        series: lines,
        note: null,
        derived: null,
        scaleToTotal: false,
        collapseIdle: false,
      });
    }
  }
  return charts;
}

/** The charts grouped by section, sections in order of first appearance. */
export function chartSections(charts: readonly ResolvedChart[]): { section: string; charts: ResolvedChart[] }[] {
  const sections: { section: string; charts: ResolvedChart[] }[] = [];
  for (const chart of charts) {
    const last = sections[sections.length - 1];
    const existing = last?.section === chart.section ? last : sections.find((s) => s.section === chart.section);
    if (existing) existing.charts.push(chart);
    else sections.push({ section: chart.section, charts: [chart] });
  }
  return sections;
}

/** The text series of a run (not charted: top-* process names and the like). */
export function textSeries(series: readonly SeriesInfo[]): SeriesInfo[] {
  return series.filter((s) => s.kind === 'text');
}

function derivedTotal(
  spec: DeviceChartSpec,
  devices: readonly { group: string; name: string }[],
  byGroup: ReadonlyMap<string, SeriesInfo[]>,
): ResolvedChart | null {
  const counted = devices.filter((d) => !spec.excludeFromTotal?.test(d.name));
  const left = devices.filter((d) => spec.excludeFromTotal?.test(d.name));
  if (counted.length < 2) return null;
  const series: ResolvedSeries[] = [];
  for (const col of spec.columns) {
    const names = [col.column, ...(col.aliases ?? [])];
    const parts = counted
      .map((d) => (byGroup.get(d.group) ?? []).find((m) => names.includes(m.column)))
      .filter((s): s is SeriesInfo => s !== undefined);
    if (parts.length === 0) continue;
    series.push({
      key: `${spec.id}:total/${col.column}`,
      label: col.label,
      column: col.column,
      unit: parts[0]!.unit,
      colour: col.colour,
      role: col.hidden ? 'hidden' : spec.stacked && !col.overlay ? 'band' : 'line',
      faint: col.faint ?? false,
      source: { combine: spec.deriveTotal, ids: parts.map((p) => p.id) },
    });
  }
  if (!series.some((s) => s.role !== 'hidden')) return null;
  const [one, many] = spec.noun;
  const how = spec.deriveTotal === 'sum' ? 'sum' : 'mean';
  let note =
    `Computed: the ${how} of ${counted.length} ${counted.length === 1 ? one : many} ` +
    `(${nameList(counted.map((d) => d.name))}); the file has no ${spec.totalGroups[0] ?? 'total of its own'}.`;
  if (left.length > 0) {
    note += ` Left out: ${nameList(left.map((d) => d.name))} (${spec.excludedWhat ?? 'as the producer does'}).`;
  }
  const derived: DerivedTotal = {
    how,
    devices: counted.map((d) => d.name),
    left: left.map((d) => d.name),
    missing: spec.totalGroups[0] ?? '',
    noun: spec.noun,
  };
  return makeChart(spec, `${spec.id}:total`, 'total', orderRoles(series), note, derived);
}

function makeChart(
  spec: ChartSpec,
  key: string,
  device: string | null,
  series: ResolvedSeries[],
  note: string | null,
  derived: DerivedTotal | null = null,
): ResolvedChart {
  const units = new Set(series.map((s) => s.unit));
  const [only] = units;
  return {
    key,
    specId: spec.id,
    section: spec.section,
    title: spec.title,
    device,
    // The total is the chart of its kind ("Disk I/O"); a device's adds its name ("Disk I/O vda").
    heading: device === null || device === 'total' ? spec.title : `${spec.title} ${device}`,
    unit: units.size === 1 && only !== undefined ? only : spec.unit,
    stacked: spec.stacked && series.some((s) => s.role === 'band'),
    fill: spec.fill ?? false,
    yMax: spec.yMax ?? null,
    yLimit: spec.yLimit ?? null,
    series,
    note,
    derived,
    scaleToTotal: spec.scaleToTotal ?? false,
    collapseIdle: (spec.collapseIdle ?? false) && spec.expand === 'devices' && device !== null && device !== 'total',
  };
}

/** Bands first (bottom first), then lines, then statistics-only series: the order drawing needs. */
function orderRoles(series: ResolvedSeries[]): ResolvedSeries[] {
  const rank = { band: 0, line: 1, hidden: 2 } as const;
  return series
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank[a.s.role] - rank[b.s.role] || a.i - b.i)
    .map(({ s }) => s);
}

function lineOf(s: SeriesInfo, colour: ColourToken, siblings: readonly ResolvedSeries[]): ResolvedSeries {
  const clash = siblings.some((o) => o.label === s.column || o.column === s.column);
  return {
    key: s.id,
    label: clash ? s.id : s.column,
    column: s.column,
    unit: s.unit,
    colour,
    role: 'line',
    faint: false,
    source: { combine: 'one', ids: [s.id] },
  };
}

function* paletteAfter(used: ReadonlySet<ColourToken>): Generator<ColourToken, never> {
  const fresh = FALLBACK_COLOURS.filter((c) => !used.has(c));
  const cycle = fresh.length > 0 ? fresh : FALLBACK_COLOURS;
  for (let i = 0; ; i++) yield cycle[i % cycle.length]!;
}

function nameList(names: readonly string[]): string {
  return names.length <= 8 ? names.join(', ') : `${names.slice(0, 3).join(', ')}, …, ${names[names.length - 1]}`;
}
