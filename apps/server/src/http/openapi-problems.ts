import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSRF_HEADER,
  CSRF_VALUE,
  ERROR_STATUS,
  Problem,
  SCA_TOKEN_HEADER,
  routes,
  type RouteDefinition,
  type RouteName,
} from '@comptoir/contracts';
import { APPLICATION_COOKIE, CUSTOMER_COOKIE, OPERATOR_COOKIE } from './cookies.ts';

/** How each kind of caller proves who it is (the `security` of each operation names one). */
export const SECURITY_SCHEMES = {
  customerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: CUSTOMER_COOKIE,
    description: 'The customer session, set by `POST /api/auth/login` (HttpOnly).',
  },
  applicationSession: {
    type: 'apiKey',
    in: 'cookie',
    name: APPLICATION_COOKIE,
    description: 'The account-opening application, set by `POST /api/onboarding` (HttpOnly).',
  },
  operatorSession: {
    type: 'apiKey',
    in: 'cookie',
    name: OPERATOR_COOKIE,
    description: 'The operator session, set by the back-office login (password, then TOTP).',
  },
  sandboxKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'The sandbox API key (`SANDBOX_API_KEY`), sandbox mode only.',
  },
} as const;

const isRouteName = (name: unknown): name is RouteName => typeof name === 'string' && name in routes;

/**
 * The request headers a call needs, for the document only (the handlers read them, or the
 * anti-CSRF hook checks it): `X-Requested-With` on every mutation, `Idempotency-Key` and
 * `X-SCA-Token` where the route declares them.
 */
function documentedHeaders(operationId: unknown, mutation: boolean): z.ZodObject | null {
  const route: RouteDefinition | null = isRouteName(operationId) ? routes[operationId] : null;
  const needed: readonly string[] = route?.headersNeeded ?? [];
  const shape: Record<string, z.ZodType> = {};
  if (mutation)
    shape[CSRF_HEADER] = z.literal(CSRF_VALUE).describe('Anti-CSRF: every mutation sends it, else 403.');
  if (needed.includes('Idempotency-Key'))
    shape['idempotency-key'] = z
      .string()
      .max(200)
      .describe('One key per attempt: a retry with the same key is answered once, from the first result.');
  if (needed.includes('X-SCA-Token'))
    shape[SCA_TOKEN_HEADER] = z
      .string()
      .max(200)
      .optional()
      .describe('The single-use token of a verified strong authentication, when the action needs one.');
  return Object.keys(shape).length > 0 ? z.object(shape) : null;
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The OpenAPI document also names the problem answers a route gives before its handler runs, so
 * that every status a client can receive is declared: 400 (malformed URL, parameters or body),
 * and for mutations 403 (CSRF header), 413 (body too large) and 415 (content type); 429 where a
 * rate limit applies. Only the document changes: the route's own schema (and its serialiser)
 * stays as the route wrote it.
 */
export const transformWithProblems: typeof jsonSchemaTransform = (input) => {
  const { schema, route } = input;
  if (schema.hide) return jsonSchemaTransform(input);
  const mutation = [route.method].flat().some((method) => MUTATIONS.has(method));
  const config: unknown = route.config;
  const limited =
    typeof config === 'object' && config !== null && 'rateLimit' in config && Boolean(config.rateLimit);
  // The statuses are the catalogue's, of the codes these checks answer.
  const generic = {
    [ERROR_STATUS.validation_failed]: Problem,
    ...(mutation
      ? {
          [ERROR_STATUS.csrf_header_missing]: Problem,
          [ERROR_STATUS.payload_too_large]: Problem,
          [ERROR_STATUS.unsupported_media_type]: Problem,
        }
      : {}),
    ...(limited ? { [ERROR_STATUS.rate_limited]: Problem } : {}),
  };
  const response: object = typeof schema.response === 'object' && schema.response ? schema.response : {};
  const extra = documentedHeaders(schema.operationId, mutation);
  const own = schema.headers instanceof z.ZodObject ? schema.headers : null;
  const headers = extra ? (own ? own.extend(extra.shape) : extra) : schema.headers;
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, response: { ...generic, ...response }, ...(headers ? { headers } : {}) },
  });
};

/** The media type of every error answer (http/problem.ts sends it), RFC 9457. */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

const isErrorStatus = (status: string) => /^[45](?:\d\d|XX)$/.test(status) || status === 'default';
const asObject = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

/**
 * Declares every 4xx and 5xx answer of the document as `application/problem+json`, the one media
 * type errors are sent with (http/problem.ts): the schema generator names `application/json`, or a
 * route's own file types (`produces`) for its errors too. Changes the document in place.
 */
export function declareProblemMediaType<T>(document: T): T {
  for (const item of Object.values(asObject(asObject(document)?.paths) ?? {}))
    for (const operation of Object.values(asObject(item) ?? {}))
      for (const [status, answer] of Object.entries(asObject(asObject(operation)?.responses) ?? {})) {
        const response = asObject(answer);
        const content = asObject(response?.content);
        if (!response || !content || !isErrorStatus(status)) continue;
        const declared = content['application/json'] ?? Object.values(content)[0];
        if (declared !== undefined) response.content = { [PROBLEM_MEDIA_TYPE]: declared };
      }
  return document;
}

/** The whole document, made from the routes' schemas, with its error answers declared as problem JSON. */
export const transformObjectWithProblems: typeof jsonSchemaTransformObject = (input) =>
  declareProblemMediaType(jsonSchemaTransformObject(input));
