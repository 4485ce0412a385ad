/**
 * The "live" badge of a report whose log is still growing, with the time of its last sample (the recording
 * host's clock). `[data-live]` carries the rows the page has and the last sample's time (floating ms) for
 * the browser tests and the live benchmark (docs/ui-contract.md).
 */
import { formatDateTime } from '../format.js';
import { useLang } from '../i18n/i18n.js';
import type { LiveInfo } from './use-live-report.js';

const TEXT = {
  en: { live: 'live', last: 'last sample', none: 'waiting for the first sample' },
  ja: { live: 'ライブ', last: '最新のサンプル', none: '最初のサンプルを待っています' },
} as const;

export function LiveBadge({ info }: { info: LiveInfo }) {
  const t = TEXT[useLang()];
  return (
    <p className="live-badge" data-live="true" data-live-rows={info.rows} data-last-sample={info.lastSampleMs ?? ''} role="status">
      <span className="live-dot" aria-hidden="true" />
      <strong>{t.live}</strong>{' '}
      {info.lastSampleMs === null ? t.none : `· ${t.last} ${formatDateTime(info.lastSampleMs)}`}
    </p>
  );
}
