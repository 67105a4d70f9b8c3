import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, ErrorStatus, Problem } from '@comptoir/contracts';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const TITLES: Record<number, string> = {
  400: 'Requête invalide',
  401: 'Authentification requise',
  403: 'Accès refusé',
  404: 'Introuvable',
  409: 'Conflit',
  413: 'Fichier trop volumineux',
  415: 'Type de contenu non pris en charge',
  421: 'Requête mal dirigée',
  422: 'Opération impossible',
  423: 'Compte verrouillé',
  429: 'Trop de tentatives',
  500: 'Erreur interne',
  503: 'Service indisponible',
};

/** A problem body; `status` must be the code's own (`ERROR_STATUS`), which the compiler checks. */
export function problem<C extends ErrorCode>(
  status: ErrorStatus<C>,
  code: C,
  detail: string,
  extra: Record<string, unknown> = {},
): Problem {
  return {
    type: `https://comptoir.example/problems/${code}`,
    title: TITLES[status] ?? 'Erreur',
    status,
    detail,
    code,
    ...extra,
  };
}

export function sendProblem(reply: FastifyReply, p: Problem): FastifyReply {
  return reply.status(p.status).type('application/problem+json').send(p);
}

/** Every error leaves as RFC 9457 problem JSON: AppError as is, validation as 400, the rest as a bare 500. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return sendProblem(reply, problem(error.status, error.code, error.detail, error.extra));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'invalide',
    }));
    const first = errors[0];
    return sendProblem(
      reply,
      problem(
        400,
        'validation_failed',
        first ? `Champ invalide : ${first.path || 'requête'} — ${first.message}` : 'Requête invalide.',
        {
          errors,
        },
      ),
    );
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response serialization failed');
    return sendProblem(
      reply,
      problem(500, 'internal_error', 'Une erreur interne est survenue. Veuillez réessayer.'),
    );
  }
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
  if (
    status === 429 &&
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'rate_limited'
  ) {
    // The rate-limit plugin throws the problem built in app.ts (with retryAfterSeconds): pass it on.
    const { statusCode: _statusCode, ...body } = error as Problem & { statusCode: number };
    return sendProblem(reply, body);
  }
  if (status === 413)
    return sendProblem(reply, problem(413, 'payload_too_large', 'La requête est trop volumineuse.'));
  if (status === 415)
    return sendProblem(reply, problem(415, 'unsupported_media_type', 'Type de contenu non pris en charge.'));
  if (status === 429)
    return sendProblem(
      reply,
      problem(429, 'rate_limited', 'Trop de tentatives. Veuillez réessayer plus tard.'),
    );
  if (status >= 400 && status < 500) {
    return sendProblem(reply, problem(400, 'validation_failed', 'Requête invalide.'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(
    reply,
    problem(500, 'internal_error', 'Une erreur interne est survenue. Veuillez réessayer.'),
  );
}
