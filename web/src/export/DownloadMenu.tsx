/**
 * The report page's "Download" menu: the offline report (one HTML file), the ZIP (report, PNGs, CSV,
 * statistics) and the CSV as uploaded. The exports open with the view in the page's URL. Not shown in an
 * offline report, which has no server to download from.
 */
import { embeddedReport } from '../data/embedded.js';
import { getLang } from '../i18n/i18n.js';
import { useExportT } from './export-messages.js';
import './export.css';

export function DownloadMenu({ id }: { id: string }) {
  const x = useExportT();
  if (embeddedReport()) return null;
  const base = `/api/reports/${encodeURIComponent(id)}`;
  // The page keeps its view in the query (docs/ui-contract.md item 5); read when the menu is used. The
  // exports' images and page in the page's language (ExportQuery's lang).
  const withView = (path: string) => () => {
    const query = new URLSearchParams(window.location.search);
    query.set('lang', getLang());
    return `${path}?${query.toString()}`;
  };
  const items = [
    { key: 'html', label: x.downloadHtml, href: withView(`${base}/export.html`) },
    { key: 'zip', label: x.downloadZip, href: withView(`${base}/export.zip`) },
    { key: 'csv', label: x.downloadCsv, href: () => `${base}/csv` },
  ];
  return (
    <details className="download-menu" data-download-menu>
      <summary>{x.download}</summary>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <a
              href={item.href()}
              data-download={item.key}
              download
              onClick={(e) => {
                e.currentTarget.href = item.href();
              }}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
