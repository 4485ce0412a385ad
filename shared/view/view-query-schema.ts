/**
 * The routes' query schema of a view (ExportQuery in shared/api/schemas.ts): every option of the table
 * (view-options.ts), each optional, checked against its bounds — a value out of range is a 400 naming it.
 * The page's URL parser is lenient instead (view-state.ts): a shared link always opens.
 */
import { Type, type TOptional, type TUnsafe } from 'typebox';
import { VIEW_OPTION_NAMES, VIEW_OPTIONS, type ViewOptionName } from './view-options.js';

export const ViewQuerySchema = Type.Object(
  Object.fromEntries(VIEW_OPTION_NAMES.map((name) => [name, Type.Optional(Type.Unsafe<unknown>(VIEW_OPTIONS[name].codec.schema))])) as {
    [K in ViewOptionName]: TOptional<TUnsafe<unknown>>;
  },
);
