import { z } from 'zod';
import type { OperatorRole } from '../backoffice.ts';
import { Problem } from '../problem.ts';
import type { HttpMethod } from './paths.ts';

export * from './paths.ts';

/** The operator roles a back-office or sandbox route lets through: at least one. */
export type AllowedRoles = readonly [OperatorRole, ...OperatorRole[]];

/**
 * Who may call a route. The server attaches the matching guard from this alone
 * (apps/server/src/http/route-guard.ts) and the OpenAPI document names the matching security scheme:
 * - `'public'`: anyone (a handler may still read a cookie it finds, as logout does);
 * - `'application'`: the account-opening application, whose cookie the onboarding services read
 *   themselves (a verification link works without it);
 * - `'login-second-factor'`: a customer session still waiting for its second factor (the login's
 *   second step only);
 * - `'customer-any-status'`: a fully signed-in customer, whatever the account's status (awaiting
 *   review, corrections asked…);
 * - `'customer'`: a fully signed-in customer whose account is open;
 * - `{ operator: roles }`: a fully signed-in operator holding one of `roles` (403 otherwise);
 * - `{ sandbox: roles }`: a sandbox tool: the sandbox key, or an operator holding one of `roles`.
 */
export type RouteAuth =
  | 'public'
  | 'application'
  | 'login-second-factor'
  | 'customer-any-status'
  | 'customer'
  | { readonly operator: AllowedRoles }
  | { readonly sandbox: AllowedRoles };

/** The kind of caller a route's `auth` names, as the OpenAPI security schemes tell them apart. */
export type CallerKind = 'public' | 'customer' | 'application' | 'operator' | 'sandbox';

export function callerKind(auth: RouteAuth): CallerKind {
  if (typeof auth === 'object') return 'operator' in auth ? 'operator' : 'sandbox';
  if (auth === 'public' || auth === 'application') return auth;
  return 'customer';
}

/** The operator roles a route lets through (none for a route that is not the back office's or the sandbox's). */
export function allowedRoles(auth: RouteAuth): readonly OperatorRole[] {
  if (typeof auth !== 'object') return [];
  return 'operator' in auth ? auth.operator : auth.sandbox;
}

/** Request headers a call needs besides the anti-CSRF one every mutation sends. */
export type NeededHeader = 'Idempotency-Key' | 'X-SCA-Token';

/** A response the OpenAPI document describes by hand: a file, a stream, a problem with its reason. */
export interface ResponseDoc {
  readonly description: string;
  readonly content?: Readonly<Record<string, { readonly schema: unknown }>>;
}

/** One API route: what the server registers, the web calls and the OpenAPI document describes. */
export interface RouteDefinition {
  readonly method: HttpMethod;
  /** The full path, `:name` for a path parameter (`/api/transfers/:id`). */
  readonly path: `/api/${string}`;
  readonly auth: RouteAuth;
  readonly headersNeeded?: readonly NeededHeader[];
  readonly tags: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the server validates (most are read by the handler without a schema). */
  readonly headers?: z.ZodType;
  readonly response: Readonly<Record<number, z.ZodType | ResponseDoc>>;
  readonly consumes?: readonly string[];
  readonly produces?: readonly string[];
}

/** Declares a route, keeping every literal (path, statuses, schemas) in its type. */
export const defineRoute = <const R extends RouteDefinition>(route: R): R => route;

/** An empty answer (204). */
export const NoContent = z.undefined().describe('No content');

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

/** The path as OpenAPI writes it: `{name}` for `:name`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]\w*)/g, '{$1}');

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessOf<R extends RouteDefinition> = Extract<keyof R['response'], SuccessStatus>;

/** The JSON a route answers on success, as the caller reads it (`undefined` for none). */
export type RouteResponse<R extends RouteDefinition> = {
  [S in SuccessOf<R>]: R['response'][S] extends z.ZodType ? z.output<R['response'][S]> : undefined;
}[SuccessOf<R>];

/** The body a call sends, as the caller writes it. */
export type RouteBody<R extends RouteDefinition> = R['body'] extends z.ZodType
  ? z.input<R['body']>
  : undefined;

/** The query string of a call, as the caller writes it. */
export type RouteQuery<R extends RouteDefinition> = R['query'] extends z.ZodType
  ? z.input<R['query']>
  : undefined;

/** An error answer of a route whose success is not JSON. */
export const problemJson = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});
