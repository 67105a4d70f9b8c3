import type { FastifyReply, FastifyRequest } from 'fastify';
import { problem, sendProblem } from './problem.ts';

/**
 * Errors Fastify raises before any route runs (a malformed percent-encoding, a path parameter
 * longer than the router allows) leave as problem JSON too, not as Fastify's own error body.
 */
export function frameworkErrors(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void sendProblem(reply, problem(400, 'validation_failed', 'Adresse de la requête invalide.'));
}
