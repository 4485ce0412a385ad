/**
 * Routes that take an upload say so in their config (`config: { upload: true }`); the admission plugins
 * (upload token, rate and concurrency limits, load shedding) apply to those routes only, so reading a
 * report is never slowed or refused by them.
 */
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route receives an upload. */
    upload?: boolean;
  }
}

export function isUploadRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config?.upload === true;
}
