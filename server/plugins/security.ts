/**
 * Security headers on every response (@fastify/helmet), with a Content-Security-Policy for the Vite-built
 * React SPA: scripts only from this origin (Vite emits module scripts, no inline ones), Chart.js canvases,
 * Web Workers created from this origin or from blob: URLs, and nothing framed, embedded or posted away.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { BadRequestError } from '../errors.js';

export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // React style props and Chart.js set styles through the CSSOM, which CSP does not restrict; inline style
  // attributes/elements are allowed because a style cannot run code.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data:/blob: for chart images (Chart.js toBase64Image, downloads of a canvas).
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // helmet's default upgrade-insecure-requests would break a server reached over plain http on a LAN.
  upgradeInsecureRequests: null,
};

export default fp(
  async function security(fastify) {
    await fastify.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
    });
    // HTTP/1.1 requires Host (RFC 9112 §3.2). Node's own refusal is a bare 400 without a body or these
    // headers, so the server takes such requests (buildApp: requireHostHeader false) and refuses them here,
    // as every other error: a JSON body, with the headers above.
    fastify.addHook('onRequest', async (request) => {
      const { httpVersionMajor, httpVersionMinor } = request.raw;
      if (request.headers.host === undefined && httpVersionMajor === 1 && httpVersionMinor >= 1) {
        throw new BadRequestError('the request has no Host header, which HTTP/1.1 requires');
      }
    });
  },
  { name: 'security', fastify: '5.x' },
);
