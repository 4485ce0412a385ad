/**
 * The view of a route's query (ExportQuery: every option of shared/view/view-options.ts), checked by the
 * route's schema first; what the schema cannot say (the zoom window's ends go together, `to` after `from`)
 * is a 400 BAD_REQUEST naming the options.
 */
import { viewFromTexts, zoomPairHolds, type ViewOptionName, type ViewState } from '../../shared/view/view-options.js';
import { BadRequestError } from '../errors.js';

export function viewOfQuery(query: Partial<Record<ViewOptionName, unknown>>): ViewState {
  const texts: Partial<Record<ViewOptionName, string>> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined) texts[name as ViewOptionName] = String(value);
  const view = viewFromTexts(texts);
  if ('bad' in view) throw new BadRequestError(`the view option ${view.bad} cannot be ${JSON.stringify(view.text.slice(0, 40))}`);
  if (!zoomPairHolds(view.from, view.to)) {
    throw new BadRequestError('the view options from and to go together, to after from (seconds from the run\'s first sample)');
  }
  return view;
}
