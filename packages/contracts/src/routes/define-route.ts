import { z } from 'zod';
import { Problem } from '../problem.ts';

/** Where the operator API and the sandbox tools live (neither answers for the customer session). */
export const BACKOFFICE_API_PREFIX = '/api/backoffice';
export const SANDBOX_API_PREFIX = '/api/sandbox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, for the OpenAPI security requirements: anyone, the customer session, the
 * account-opening application, the operator session, or the sandbox (its key or an operator).
 */
export type RouteAuth = 'public' | 'customer' | 'application' | 'operator' | 'sandbox';

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

type Unsuffixed<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The names of a path's `:name` parameters (`/a/:id/b/:month.pdf` → `'id' | 'month'`). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Unsuffixed<Name> | PathParamNames<`/${Tail}`>
    : Unsuffixed<Rest>
  : never;

export type PathParamValues<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

/** The path of a call: each `:name` replaced by its value, URL-encoded. */
export function buildPath<P extends string>(path: P, params: PathParamValues<P>): string {
  const values = params as Readonly<Record<string, string | number>>;
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
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

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** The schema of a route's JSON answer on success, if it answers JSON. */
export function successSchema(route: RouteDefinition): z.ZodType | undefined {
  for (const [status, response] of Object.entries(route.response))
    if (Number(status) >= 200 && Number(status) < 300 && isSchema(response)) return response;
  return undefined;
}

/** An error answer of a route whose success is not JSON. */
export const problemJson = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});
