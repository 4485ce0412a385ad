/**
 * The view as a URL query (shared/view/view-state.ts, docs/ui-contract.md §5): the edges of what parse takes
 * and what serialise writes. The main examples and the round-trip properties are in
 * test/web/unit/view-state.test.ts, beside the page that uses them.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, parseViewState, serialiseViewState, type ViewState } from '../../../shared/view/view-state.js';

const view = (patch: Partial<ViewState>): ViewState => ({ ...DEFAULT_VIEW, ...patch });

describe('negative zero', () => {
  it('is read as 0, so that the view round-trips through its URL', () => {
    const v = parseViewState('?offset=-0&duration=-0.0&diskMax=-0&iopsMax=-0.&netMax=-.0');
    expect(v).toEqual(DEFAULT_VIEW);
    expect(Object.is(v.offset, 0) && Object.is(v.diskMax, 0) && Object.is(v.netMax, 0)).toBe(true);
    expect(parseViewState(serialiseViewState(v))).toEqual(v);
    expect(parseViewState('?from=-0&to=5')).toMatchObject({ from: 0, to: 5 });
    expect(Object.is(parseViewState('?from=-0&to=5').from, 0)).toBe(true);
  });
});
