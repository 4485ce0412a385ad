/**
 * The sidebar, like dstat2graphs' navigation: sections and their charts (devices) with a checkbox each to
 * show or hide them, and the devices idle for the whole run (docs/ui-contract.md §7), collapsed.
 */
import type { ResolvedChart } from '../../../shared/catalogue/index.js';
import { chartTitle, sectionTitle, useLang, useT } from '../i18n/i18n.js';
import { HEATMAP_KEY, type Display } from '../view/layout.js';

interface Props {
  display: Display;
  hidden: ReadonlySet<string>;
  chartIds: ReadonlyMap<string, string>;
  sectionIds: ReadonlyMap<string, string>;
  showIdle: boolean;
  onToggle: (key: string, show: boolean) => void;
  onShowIdle: (show: boolean) => void;
  onShowAll: () => void;
}

/** Sections with more charts than this list them in a closed <details>. */
const OPEN_LIMIT = 12;

export function Sidebar({ display, hidden, chartIds, sectionIds, showIdle, onToggle, onShowIdle, onShowAll }: Props) {
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
          {shown ? <a href={`#${chartIds.get(key) ?? ''}`}>{label}</a> : <span className="toc-off">{label}</span>}
        </label>
      </li>
    );
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
          const entries = items.map((i) => entry(i.key, i.label, i.title));
          if (entries.length === 0) return null;
          const id = sectionIds.get(s.section);
          const title = sectionTitle(s.section, lang);
          const heading = s.items.length > 0 && id ? <a href={`#${id}`}>{title}</a> : <span>{title}</span>;
          return (
            <li key={s.section} className="toc-section">
              {entries.length === 1 ? (
                <ul className="toc-charts single">{entry(items[0]!.key, items[0]!.title, items[0]!.title)}</ul>
              ) : entries.length > OPEN_LIMIT ? (
                <details>
                  <summary>
                    {heading} <span className="toc-count">{entries.length}</span>
                  </summary>
                  <ul className="toc-charts">{entries}</ul>
                </details>
              ) : (
                <>
                  <span className="toc-heading">{heading}</span>
                  <ul className="toc-charts">{entries}</ul>
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
