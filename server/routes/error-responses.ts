/** A route schema's error answers: each status listed answers an ApiError (shared/api/schemas.ts). */
import { ApiError } from '../../shared/api/schemas.js';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 | 507;

export function errorResponses(...codes: ErrorStatus[]): Record<number, typeof ApiError> {
  return Object.fromEntries(codes.map((c) => [c, ApiError])) as Record<number, typeof ApiError>;
}
