import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routes, type RouteAuth, type RouteDefinition } from '@comptoir/contracts';

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Field<R, K extends string> = R extends Record<K, infer V> ? V : undefined;

/** The Fastify schema of a route: what it validates and serialises, as the table declares it. */
export interface RouteSchema<R extends RouteDefinition> {
  operationId: string;
  tags: R['tags'];
  summary?: string;
  description?: string;
  security: readonly Record<string, readonly string[]>[];
  params: Field<R, 'params'>;
  querystring: Field<R, 'query'>;
  body: Field<R, 'body'>;
  headers: Field<R, 'headers'>;
  response: R['response'];
  consumes?: readonly string[];
  produces?: readonly string[];
}

/** The security requirements of each kind of caller (the schemes of the OpenAPI document). */
const SECURITY: Record<RouteAuth, readonly Record<string, readonly string[]>[]> = {
  public: [],
  customer: [{ customerSession: [] }],
  application: [{ applicationSession: [] }],
  operator: [{ operatorSession: [] }],
  sandbox: [{ sandboxKey: [] }, { operatorSession: [] }],
};

/** The schema Fastify gets for a route of the table (its name in the table is the operationId). */
export function routeSchema<R extends RouteDefinition>(operationId: string, route: R): RouteSchema<R> {
  const schema: Record<string, unknown> = { operationId, tags: route.tags, security: SECURITY[route.auth] };
  const fields = [
    ['summary', route.summary],
    ['description', route.description],
    ['params', route.params],
    ['querystring', route.query],
    ['body', route.body],
    ['headers', route.headers],
    ['response', route.response],
    ['consumes', route.consumes],
    ['produces', route.produces],
  ] as const;
  for (const [name, value] of fields) if (value !== undefined) schema[name] = value;
  return schema as unknown as RouteSchema<R>;
}

export type RouteHandler<R extends RouteDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<R>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a registration may add to the route: its hooks, rate limit, body limit. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/** The name of each route of the table: its operationId. */
const names = new Map<RouteDefinition, string>(Object.entries(routes).map(([name, route]) => [route, name]));

/**
 * Registers one route of the table on a plugin: its method, its path (less the plugin's prefix)
 * and its schema come from the table; the module gives the handler and its hooks.
 */
export function registerRoute<R extends RouteDefinition>(app: App, route: R, handler: RouteHandler<R>): void;
export function registerRoute<R extends RouteDefinition>(
  app: App,
  route: R,
  options: RouteOptions,
  handler: RouteHandler<R>,
): void;
export function registerRoute<R extends RouteDefinition>(
  app: App,
  route: R,
  ...rest: [RouteHandler<R>] | [RouteOptions, RouteHandler<R>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  const name = names.get(route);
  if (!name) throw new Error(`${route.method} ${route.path} is not a route of the table`);
  if (!route.path.startsWith(`${app.prefix}/`))
    throw new Error(`${route.path} cannot be registered under ${app.prefix}`);
  app.route({
    ...options,
    method: route.method,
    url: route.path.slice(app.prefix.length),
    schema: routeSchema(name, route),
    handler,
  } as Parameters<App['route']>[0]);
}
