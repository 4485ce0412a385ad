/**
 * The sidebar, like dstat2graphs' navigation: sections and their charts (devices) with a checkbox each to
 * show or hide them, and the devices idle for the whole run (docs/ui-contract.md §7), collapsed.
 */
import { useDeferredValue, useState, type MouseEvent, type ReactNode } from 'react';
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { chartTitle, sectionTitle, useLang, useT } from '../i18n/i18n.js';
import { BUSIEST_DEVICES, isDeviceChart, sortCharts, type DeviceSort } from '../view/busiest.js';
import { DISK_HEATMAP_KEY, HEATMAP_KEY, type Display } from '../view/layout.js';

interface Props {
  display: Display;
  hidden: ReadonlySet<string>;
  chartIds: ReadonlyMap<string, string>;
  sectionIds: ReadonlyMap<string, string>;
  showIdle: boolean;
  onToggle: (key: string, show: boolean) => void;
  onShowIdle: (show: boolean) => void;
  onShowAll: () => void;
  /** Keys of the charts drawn now (a big family draws its busiest devices only). */
  drawnKeys: ReadonlySet<string>;
  /** Load of a chart, for sorting by the busiest (view/busiest.ts). */
  load: (chart: ResolvedChart) => number;
  /** Draw a chart that is not drawn yet and go to it. */
  onReveal: (key: string) => void;
}

/** Sections with more charts than this list them in a closed <details>, with a search field and a sort. */
const OPEN_LIMIT = 12;
/** Entries listed at once in such a section; a search narrows the rest down. */
const LIST_LIMIT = 100;

export function Sidebar({
  display,
  hidden,
  chartIds,
  sectionIds,
  showIdle,
  onToggle,
  onShowIdle,
  onShowAll,
  drawnKeys,
  load,
  onReveal,
}: Props) {
  const t = useT();
  const lang = useLang();
  const idle = new Set(display.allIdle.map((c) => c.key));
  const cpuKeys = new Set(display.cpus.map((c) => c.key));
  const hiddenCount = [...hidden].filter((k) => chartIds.has(k)).length;

  const entry = (key: string, label: string, title: string) => {
    const shown = !hidden.has(key);
    return (
      <li key={key}>
        <label className="toc-entry">
          <input type="checkbox" checked={shown} onChange={(e) => onToggle(key, e.target.checked)} aria-label={t.showChart(title)} />
          {shown ? (
            <a href={`#${chartIds.get(key) ?? ''}`} onClick={drawnKeys.has(key) ? undefined : (e: MouseEvent) => reveal(e, key)}>
              {label}
            </a>
          ) : (
            <span className="toc-off">{label}</span>
          )}
        </label>
      </li>
    );
  };
  const reveal = (e: MouseEvent, key: string): void => {
    e.preventDefault();
    onReveal(key);
  };
  const short = (c: ResolvedChart): string => (c.device !== null && c.device !== 'total' ? c.device : chartTitle(c, lang));

  return (
    <nav className="sidebar" aria-label={t.sidebar}>
      <a className="skip-link" href="#graphs">
        {t.skipSidebar}
      </a>
      <p className="sidebar-title">{t.graphs}</p>
      <ul className="toc">
        {display.sections.map((s) => {
          const listed = s.charts.filter((c) => !(display.heatmap && cpuKeys.has(c.key)) && (showIdle || !idle.has(c.key)));
          const items = listed.map((c) => ({ key: c.key, label: short(c), title: chartTitle(c, lang) }));
          if (display.heatmap && s.charts.some((c) => cpuKeys.has(c.key))) {
            items.push({ key: HEATMAP_KEY, label: `${t.heatmapTitle} (${display.cpus.length})`, title: t.heatmapTitle });
          }
          if (display.diskHeatmap && s.charts.some((c) => c.specId === 'disk' && isDeviceChart(c))) {
            items.push({ key: DISK_HEATMAP_KEY, label: t.diskHeatmapTitle, title: t.diskHeatmapTitle });
          }
          if (items.length === 0) return null;
          const id = sectionIds.get(s.section);
          const title = sectionTitle(s.section, lang);
          const heading = s.items.length > 0 && id ? <a href={`#${id}`}>{title}</a> : <span>{title}</span>;
          return (
            <li key={s.section} className="toc-section">
              {items.length === 1 ? (
                <ul className="toc-charts single">{entry(items[0]!.key, items[0]!.title, items[0]!.title)}</ul>
              ) : items.length > OPEN_LIMIT ? (
                <DeviceList
                  heading={heading}
                  sectionTitle={title}
                  charts={listed}
                  extra={items.slice(listed.length)}
                  load={load}
                  label={short}
                  entry={(c) => entry(c.key, short(c), chartTitle(c, lang))}
                  extraEntry={(i) => entry(i.key, i.label, i.title)}
                />
              ) : (
                <>
                  <span className="toc-heading">{heading}</span>
                  <ul className="toc-charts">{items.map((i) => entry(i.key, i.label, i.title))}</ul>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {hiddenCount > 0 && (
        <p className="toc-hidden">
          {t.hiddenCount(hiddenCount)} ·{' '}
          <button type="button" className="link-button" onClick={onShowAll}>
            {t.showAllHidden}
          </button>
        </p>
      )}
      {display.allIdle.length > 0 && (
        <details className="idle-devices" data-idle-devices="">
          <summary>{t.idleDevices(display.allIdle.length)}</summary>
          <p className="idle-explain">{t.idleExplain}</p>
          <label className="idle-toggle">
            <input type="checkbox" checked={showIdle} onChange={(e) => onShowIdle(e.target.checked)} />
            {t.drawIdle}
          </label>
          <ul>
            {display.allIdle.map((c) => (
              <li key={c.key}>
                {showIdle && !hidden.has(c.key) ? <a href={`#${chartIds.get(c.key) ?? ''}`}>{chartTitle(c, lang)}</a> : chartTitle(c, lang)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
}

interface DeviceListProps {
  heading: ReactNode;
  sectionTitle: string;
  charts: readonly ResolvedChart[];
  /** Entries that are not charts of the list (the heatmap), listed first. */
  extra: readonly { key: string; label: string; title: string }[];
  load: (chart: ResolvedChart) => number;
  label: (chart: ResolvedChart) => string;
  entry: (chart: ResolvedChart) => ReactNode;
  extraEntry: (item: { key: string; label: string; title: string }) => ReactNode;
}

/**
 * The charts of a big section (hundreds of disks): closed by default; open, a search field (device or
 * title, case-insensitive) and a sort (busiest first — by average, as drawn —, name, file order) over a
 * list of at most LIST_LIMIT entries, so that 1 699 disks never make 1 699 list items.
 */
function DeviceList({ heading, sectionTitle: title, charts, extra, load, label, entry, extraEntry }: DeviceListProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<DeviceSort>(charts.length > BUSIEST_DEVICES ? 'busiest' : 'file');
  const q = useDeferredValue(query.trim().toLowerCase());
  // The total (and any other chart that is not a device) stays on top of whatever order the devices take.
  const matches = open
    ? [...charts.filter((c) => !isDeviceChart(c)), ...sortCharts(charts.filter(isDeviceChart), sort, load)].filter(
        (c) => q === '' || label(c).toLowerCase().includes(q),
      )
    : [];
  const listed = matches.slice(0, LIST_LIMIT);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-device-list="">
      <summary>
        {heading} <span className="toc-count">{charts.length + extra.length}</span>
      </summary>
      {open && (
        <div className="device-tools">
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t.searchDevices}
            aria-label={t.searchIn(title)}
            spellCheck={false}
          />
          <select value={sort} onChange={(e) => setSort(e.target.value as DeviceSort)} aria-label={t.sortIn(title)}>
            <option value="busiest">{t.sortBusiest}</option>
            <option value="name">{t.sortName}</option>
            <option value="file">{t.sortFile}</option>
          </select>
        </div>
      )}
      {open && (
        <ul className="toc-charts">
          {/* The total first, then the section's other figures (a heatmap), then the devices. */}
          {listed.filter((c) => !isDeviceChart(c)).map(entry)}
          {q === '' && extra.map(extraEntry)}
          {listed.filter(isDeviceChart).map(entry)}
        </ul>
      )}
      {open && (
        <p className="toc-count" role="status">
          {matches.length > listed.length ? t.listMore(listed.length, matches.length) : q !== '' && matches.length === 0 ? t.noMatch : ''}
        </p>
      )}
    </details>
  );
}
