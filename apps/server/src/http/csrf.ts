import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_VALUE } from '@comptoir/contracts';
import { problem, sendProblem } from './problem.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every mutation under /api carries `X-Requested-With: comptoir`. A cross-site page cannot add this
 * header without a CORS preflight, which this server never grants.
 */
export async function requireCsrfHeader(request: FastifyRequest, reply: FastifyReply) {
  if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
  if (request.headers[CSRF_HEADER] !== CSRF_VALUE) {
    return sendProblem(reply, problem(403, 'csrf_header_missing', 'En-tête X-Requested-With manquant.'));
  }
}
