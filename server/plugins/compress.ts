/**
 * Response compression (@fastify/compress): JSON, CSV and the web app's text assets go out as br or gzip
 * when the client accepts them. Responses that already carry a Content-Encoding (the precomputed gzip of
 * a report) pass through untouched. Request bodies are never decompressed (no zip bombs).
 */
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

export default fp(
  async function compression(fastify) {
    await fastify.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: 1024,
    });
  },
  { name: 'compress', fastify: '5.x' },
);
