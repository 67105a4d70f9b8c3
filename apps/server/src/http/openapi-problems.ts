import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Problem } from '@comptoir/contracts';

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
  const generic = {
    400: Problem,
    ...(mutation ? { 403: Problem, 413: Problem, 415: Problem } : {}),
    ...(limited ? { 429: Problem } : {}),
  };
  const response: object = typeof schema.response === 'object' && schema.response ? schema.response : {};
  return jsonSchemaTransform({ ...input, schema: { ...schema, response: { ...generic, ...response } } });
};

/**
 * A route's problem answers for its response schema: `problems(401, 404)` is
 * `{ 401: Problem, 404: Problem }`.
 */
export function problems<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof Problem } {
  return Object.fromEntries(statuses.map((status) => [status, Problem])) as {
    [K in S[number]]: typeof Problem;
  };
}
