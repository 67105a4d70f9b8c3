import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { requestOrigin } from './csrf.ts';

/**
 * The site's own origin for this request, as the CSRF check sees it: PUBLIC_URL's when configured,
 * else the scheme and Host the browser used (the embedded default on localhost, any port).
 */
export function siteOrigin(
  config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>,
  request: FastifyRequest,
): string {
  if (config.publicUrlConfigured) return new URL(config.publicUrl).origin;
  return requestOrigin(request) ?? new URL(config.publicUrl).origin;
}
