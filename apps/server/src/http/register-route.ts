import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SCA_TOKEN_HEADER,
  callerKind,
  routes,
  type CallerKind,
  type NeededHeader,
  type RouteDefinition,
} from '@comptoir/contracts';
import { guardOf } from './route-guard.ts';

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
const SECURITY: Record<CallerKind, readonly Record<string, readonly string[]>[]> = {
  public: [],
  customer: [{ customerSession: [] }],
  application: [{ applicationSession: [] }],
  operator: [{ operatorSession: [] }],
  sandbox: [{ sandboxKey: [] }, { operatorSession: [] }],
};

/** The schema Fastify gets for a route of the table (its name in the table is the operationId). */
export function routeSchema<R extends RouteDefinition>(operationId: string, route: R): RouteSchema<R> {
  const schema: Record<string, unknown> = {
    operationId,
    tags: route.tags,
    security: SECURITY[callerKind(route.auth)],
  };
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

type FastifyHandler<R extends RouteDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<R>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** Each header a route may need, by the name the handler reads it under and the name it is sent under. */
const NEEDED = {
  'Idempotency-Key': { field: 'idempotencyKey', header: 'idempotency-key' },
  'X-SCA-Token': { field: 'scaToken', header: SCA_TOKEN_HEADER },
} as const satisfies Record<NeededHeader, { field: string; header: string }>;

/**
 * The headers a route's table entry says it needs, read once for its handler: the value, or
 * undefined when it is missing or empty (the service answers that with its own problem).
 */
export type NeededHeaders<R extends RouteDefinition> = {
  readonly [H in NonNullable<R['headersNeeded']>[number] as (typeof NEEDED)[H]['field']]: string | undefined;
};

/** The request a handler gets: Fastify's, typed by the route's schemas, with its needed headers. */
export type RouteRequest<R extends RouteDefinition> = Parameters<FastifyHandler<R>>[0] & {
  readonly needed: NeededHeaders<R>;
};

export type RouteHandler<R extends RouteDefinition> = (
  this: ThisParameterType<FastifyHandler<R>>,
  request: RouteRequest<R>,
  reply: Parameters<FastifyHandler<R>>[1],
) => ReturnType<FastifyHandler<R>>;

/** What a registration may add to the route: its rate limit, body limit. The guard is the table's. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema' | 'preHandler'>;

/** The name of each route of the table: its operationId. */
const names = new Map<RouteDefinition, string>(Object.entries(routes).map(([name, route]) => [route, name]));

function readNeeded(route: RouteDefinition, request: FastifyRequest): Record<string, string | undefined> {
  const needed: Record<string, string | undefined> = {};
  for (const name of route.headersNeeded ?? []) {
    const value = request.headers[NEEDED[name].header];
    needed[NEEDED[name].field] = typeof value === 'string' && value.length > 0 ? value : undefined;
  }
  return needed;
}

/**
 * Registers one route of the table on a plugin: its method, its path (less the plugin's prefix),
 * its schema and its guard (who may call: the route's `auth`, checked after the schema's
 * validation) come from the table; the module gives the handler, which finds the headers the route
 * needs in `request.needed`.
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
  const guard = guardOf(app, route.auth);
  const withNeeded: FastifyHandler<R> = function (request, reply) {
    const needed = readNeeded(route, request) as NeededHeaders<R>;
    return handler.call(this, Object.assign(request, { needed }), reply);
  };
  app.route({
    ...options,
    method: route.method,
    url: route.path.slice(app.prefix.length),
    schema: routeSchema(name, route),
    ...(guard ? { preHandler: guard } : {}),
    handler: withNeeded,
  } as Parameters<App['route']>[0]);
}
