/**
 * The routes' query schema of a view (ExportQuery in shared/api/schemas.ts): every option of the table
 * (view-options.ts), each optional, checked against its bounds — a value out of range is a 400 naming it.
 * The page's URL parser is lenient instead (view-state.ts): a shared link always opens. The same for a
 * comparison's options (compare-options.ts), by their query names: CompareQuery in shared/api/schemas.ts.
 */
import { Type, type TOptional, type TUnsafe } from 'typebox';
import { COMPARE_OPTION_NAMES, COMPARE_OPTIONS, compareParam, type CompareParam } from './compare-options.js';
import { VIEW_OPTION_NAMES, VIEW_OPTIONS, type ViewOptionName } from './view-options.js';

export const ViewQuerySchema = Type.Object(
  Object.fromEntries(VIEW_OPTION_NAMES.map((name) => [name, Type.Optional(Type.Unsafe<unknown>(VIEW_OPTIONS[name].codec.schema))])) as {
    [K in ViewOptionName]: TOptional<TUnsafe<unknown>>;
  },
);

export const CompareOptionsSchema = Type.Object(
  Object.fromEntries(
    COMPARE_OPTION_NAMES.map((name) => [compareParam(name), Type.Optional(Type.Unsafe<unknown>(COMPARE_OPTIONS[name].codec.schema))]),
  ) as { [P in CompareParam]: TOptional<TUnsafe<unknown>> },
);
