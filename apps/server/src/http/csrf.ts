import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_VALUE } from '@comptoir/contracts';
import { problem, sendProblem } from './problem.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sec-Fetch-Site values a browser sends for a request made by this site's own pages (or typed in). */
const OWN_FETCH_SITES = new Set(['same-origin', 'same-site', 'none']);

export interface CsrfOptions {
  /** The site's own origin when PUBLIC_URL is configured; null on the embedded default. */
  publicOrigin: () => string | null;
}

/**
 * The PSD2 interface's routes (by their routed pattern, whatever the request's spelling): their
 * callers are TPPs authenticated by a client certificate, never by a cookie, so no other site can
 * make a browser send such a call with its credentials.
 */
const certificateAuthenticated = (request: FastifyRequest): boolean =>
  request.routeOptions.url?.startsWith('/psd2/v1/') === true;

/**
 * Every mutation — any method but GET, HEAD and OPTIONS, on any path however it is spelled — must
 * carry `X-Requested-With: comptoir` (a cross-site page cannot add it without a CORS preflight, which
 * this server never grants) and must not come from another site: its `Origin`, when present, is the
 * site's own; without `Origin`, `Sec-Fetch-Site: cross-site` is refused.
 *
 * Registered as a global `onRequest` hook, it runs after routing for every route and for the
 * not-found handler alike; it looks at the method only, never at the raw URL.
 */
export function csrfGuard(options: CsrfOptions) {
  return async function requireSameSiteMutation(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE.has(request.method) || certificateAuthenticated(request)) return;
    if (request.headers[CSRF_HEADER] !== CSRF_VALUE) {
      return sendProblem(reply, problem(403, 'csrf_header_missing', 'En-tête X-Requested-With manquant.'));
    }
    if (!fromOwnSite(request, options.publicOrigin())) {
      return sendProblem(
        reply,
        problem(403, 'forbidden', 'Requête refusée : elle provient d’un autre site que celui de la banque.'),
      );
    }
  };
}

function fromOwnSite(request: FastifyRequest, publicOrigin: string | null): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === (publicOrigin ?? requestOrigin(request));
  const site = request.headers['sec-fetch-site'];
  return site === undefined || OWN_FETCH_SITES.has(site);
}

/**
 * Without PUBLIC_URL (the embedded default on localhost, any port), the site's origin is the address
 * the browser used: scheme and Host of this request. A cross-site page cannot change either.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}
