import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the API's answers of 1 KB or more (brotli at quality 4, or gzip, as the client
 * accepts) in the context it is registered in: the /api routes. The web app's files are compressed
 * once at build time and sent as they are (plugins/spa.ts); the event streams write to the socket
 * themselves and are never buffered here; uploaded images are outside /api. Request bodies are read
 * as they come, never decompressed (as before).
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
