import type { z } from 'zod';

/**
 * What a client needs to build a call, with no schema and no zod: the API's prefixes, a path's
 * parameters, and a route's reference (`@comptoir/contracts/client`, its method and path typed by the
 * whole definition).
 */

/** Where the operator API and the sandbox tools live (neither answers for the customer session). */
export const BACKOFFICE_API_PREFIX = '/api/backoffice';
export const SANDBOX_API_PREFIX = '/api/sandbox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A route as a client refers to it: its method and path. `__route` exists in the type only — it
 * carries the route's whole definition (body, query, answer) to the client's typed calls.
 */
export interface RouteRef<R extends { readonly method: HttpMethod; readonly path: string }> {
  readonly method: R['method'];
  readonly path: R['path'];
  /** Who may call it, as the table says (`RouteAuth`): the back office hides what a role cannot use. */
  readonly auth: R extends { readonly auth: infer A } ? A : never;
  readonly __route: R;
}

/** An area's routes as references: `@comptoir/contracts/client`. */
export type RouteRefs<G> = {
  readonly [K in keyof G]: G[K] extends { readonly method: HttpMethod; readonly path: string }
    ? RouteRef<G[K]>
    : never;
};

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

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && 'safeParse' in value;

/** The schema of a route's JSON answer on success, if it answers JSON. */
export function successSchema(route: {
  readonly response: Readonly<Record<number, unknown>>;
}): z.ZodType | undefined {
  for (const [status, response] of Object.entries(route.response))
    if (Number(status) >= 200 && Number(status) < 300 && isSchema(response)) return response;
  return undefined;
}
