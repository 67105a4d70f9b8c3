import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { INSTALLABLE_APP } from '@comptoir/contracts';

/** Files of the installable app that the static files plugin must leave to this module. */
export const SERVICE_WORKER_FILES = ['sw.js', 'sw.js.br', 'sw.js.gz'];

/** Cache headers of the installable app's other files (served by the static files plugin). */
export function installableAppCacheControl(path: string): string | null {
  const name = path.replace(/^.*\//, '');
  // Always asked again: a stale manifest or offline page would outlive the worker that lists it.
  if (name === 'manifest.webmanifest' || name === 'offline.html' || name === 'offline.js') return 'no-cache';
  return null;
}

/** The built service worker with the configured back office path in place of the placeholder. */
export function serviceWorkerSource(built: string, backofficePath: string): string {
  if (!built.includes(INSTALLABLE_APP.backofficePlaceholder))
    throw new Error(`the built service worker does not name ${INSTALLABLE_APP.backofficePlaceholder}`);
  // BACKOFFICE_PATH is `/[\w-]+` (config.ts): nothing in it can end the string literal.
  if (!/^\/[\w-]+$/.test(backofficePath)) throw new Error(`unexpected back office path ${backofficePath}`);
  return built.replaceAll(INSTALLABLE_APP.backofficePlaceholder, backofficePath.toLowerCase());
}

/**
 * GET /sw.js: the service worker, revalidated at every check (`no-cache`: a browser must see a new
 * version at once, and checks byte for byte), told which path is the back office so that it never
 * handles it. Nothing is served when the build has no worker.
 */
export function serveServiceWorker(app: FastifyInstance, distDir: string, backofficePath: string): void {
  const file = join(distDir, 'sw.js');
  if (!existsSync(file)) return;
  const body = Buffer.from(serviceWorkerSource(readFileSync(file, 'utf8'), backofficePath), 'utf8');
  const gzip = gzipSync(body, { level: 9 });
  const brotli = brotliCompressSync(body);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  app.get(INSTALLABLE_APP.serviceWorker, { schema: { hide: true } }, (request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzip);
    return reply.send(body);
  });
}
