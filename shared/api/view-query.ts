/**
 * A report page's URL query from some view options, for links the server and the CLI make (the upload's
 * `url`, a report's README): each option that is set, in the order of the option table
 * (shared/view/view-options.ts), even when it is the default (`x=time` from dstat2graphs' is_actual=1 says
 * what was asked). A whole view's query is serialiseViewState's (shared/view/view-state.ts).
 */
import type { Lang } from '../chart/chart-text.js';
import { VIEW_OPTION_NAMES, VIEW_OPTIONS, type Codec, type ViewState } from '../view/view-options.js';

/**
 * Options of a view, each optional (absent = the page's default); `lang`: the language an export's images
 * and offline page are in (absent = English), not part of the page's URL.
 */
export type ViewQueryOptions = Partial<ViewState> & { lang?: Lang };

/** `?height=192&x=elapsed`, or '' when no option is set. */
export function viewQuery(options: ViewQueryOptions): string {
  const parts: string[] = [];
  for (const name of VIEW_OPTION_NAMES) {
    const value = options[name];
    if (value === undefined || value === null) continue;
    const codec = VIEW_OPTIONS[name].codec as Codec<unknown>;
    const text = codec.items ? codec.items.to(value).map(encodeURIComponent).join(',') : encodeURIComponent(codec.toText(value));
    parts.push(`${name}=${text}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
