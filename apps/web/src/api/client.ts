import type { z } from 'zod';
import {
  BACKOFFICE_API_PREFIX,
  CSRF_HEADER,
  SANDBOX_API_PREFIX,
  CSRF_VALUE,
  buildPath,
  successSchema,
  type PathParamNames,
  type PathParamValues,
  type RouteBody,
  type RouteDefinition,
  type RouteQuery,
  type RouteRef,
  type RouteResponse,
  type ErrorCode,
} from '@comptoir/contracts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError, problemToApiError } from './api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 401 codes that mean "your session is gone" (as opposed to wrong credentials or a missing SCA). */
const SESSION_LOST_CODES = new Set<ErrorCode>([
  'unauthenticated',
  'session_expired',
  'onboarding_session_expired',
]);

let onSessionLost: ((path: string) => void) | null = null;
let quietUntil = 0;
let lastContact = 0;

/** The app registers what to do when a call answers that the customer session is gone. */
export function setSessionLostHandler(handler: ((path: string) => void) | null): void {
  onSessionLost = handler;
}

/**
 * A call answered that there is no customer session any more without failing (`GET /api/session`
 * saying `me: null` while the app thought it signed in): the same word as a 401 would bring.
 */
export function reportSessionLost(path: string): void {
  if (Date.now() >= quietUntil) onSessionLost?.(path);
}

/** For a sign-out the UI asked for itself: a 401 in the next `ms` is expected, not news. */
export function quietSessionLost(ms: number): void {
  quietUntil = Date.now() + ms;
}

/** When a customer API call last succeeded — each one renews the server-side idle timer. */
export const lastApiContact = (): number => lastContact;

/** The back office and its sandbox tools answer for the operator session, not the customer's. */
const isCustomerApi = (path: string): boolean =>
  !path.startsWith(BACKOFFICE_API_PREFIX) && !path.startsWith(SANDBOX_API_PREFIX);

interface RequestOptions<S extends z.ZodType | undefined> {
  body?: unknown;
  /**
   * Validates (and types) the JSON answer. Without it the answer is returned as the server sent it
   * (the server checks every answer against its route's schema before sending it).
   */
  schema?: S;
  signal?: AbortSignal | undefined;
  /** Extra request headers (e.g. `X-SCA-Token` on a protected call). */
  headers?: Record<string, string> | undefined;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A refused call as an `ApiError`; a lost customer session is reported to the app on the way. */
function failure(status: number, body: unknown, path: string): ApiError {
  const error = problemToApiError(status, body, i18n.t('errors.generic'));
  const lost = error.status === 401 && SESSION_LOST_CODES.has(error.code) && isCustomerApi(path);
  if (lost) reportSessionLost(path);
  return error;
}

/**
 * The one place that talks HTTP to the API: same-origin cookies, the anti-CSRF header and a JSON
 * content type on every mutation, RFC 9457 problems turned into `ApiError`.
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  method: Method,
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const mutation = method !== 'GET';
  if (mutation) {
    headers[CSRF_HEADER] = CSRF_VALUE;
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      // A JSON content type with an empty body is refused by the server, so send `{}` at least.
      body: mutation ? JSON.stringify(options.body ?? {}) : null,
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'unavailable', detail: i18n.t('errors.network') });
  }

  const isJson = /json/i.test(response.headers.get('content-type') ?? '');
  const body: unknown = isJson && response.status !== 204 ? await response.json().catch(() => null) : null;

  if (!response.ok) throw failure(response.status, body, path);
  if (isCustomerApi(path)) lastContact = Date.now();

  if (response.status === 204) return undefined as Result<S>;
  if (!options.schema) return (body ?? undefined) as Result<S>;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiError({ status: response.status, code: 'internal_error', detail: i18n.t('errors.generic') });
  }
  return parsed.data as Result<S>;
}

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
export function attachmentName(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '');
  return match?.[1] ?? null;
}

/**
 * A file the API sends as an attachment (`GET`), with the same cookies, headers and errors as
 * `apiRequest`: its bytes, to hand to the browser as an object URL, and the name the server gave it.
 */
export async function apiDownload<T extends Callable & { method: 'GET' }>(
  route: T,
  ...[input]: CallArgs<T>
): Promise<{ blob: Blob; filename: string | null }> {
  const path = routeUrl(route, input);
  const options: { headers?: Record<string, string> | undefined; signal?: AbortSignal | undefined } =
    input ?? {};
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { ...options.headers },
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'unavailable', detail: i18n.t('errors.network') });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw failure(response.status, body, path);
  }
  const blob = await response.blob();
  if (isCustomerApi(path)) lastContact = Date.now();
  return { blob, filename: attachmentName(response.headers.get('content-disposition')) };
}

/**
 * A route to call: its reference from `@comptoir/contracts/client` (method and path: what the app
 * calls through, with no schema in its bundle) or its whole definition, whose answer is then checked
 * against its success schema too.
 */
export type Callable = RouteDefinition | RouteRef<RouteDefinition>;

/** The definition a callable stands for. */
export type Definition<T extends Callable> = T extends RouteRef<infer R> ? R : T;

/** The schema of a definition's JSON answer on success; none for a reference. */
export const answerSchema = (route: Callable): z.ZodType | undefined =>
  'response' in route ? successSchema(route) : undefined;

type ParamsInput<R extends RouteDefinition> = [PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParamValues<R['path']> };
type BodyInput<R extends RouteDefinition> = R['body'] extends z.ZodType
  ? undefined extends RouteBody<R>
    ? { body?: RouteBody<R> }
    : { body: RouteBody<R> }
  : { body?: undefined };
type QueryInput<R extends RouteDefinition> = R['query'] extends z.ZodType
  ? { query?: RouteQuery<R> }
  : { query?: undefined };

/** What a call to a route takes: its path parameters, query, body, extra headers and signal. */
export type CallInput<T extends Callable, R extends RouteDefinition = Definition<T>> = ParamsInput<R> &
  BodyInput<R> &
  QueryInput<R> & {
    /** Extra request headers (e.g. `X-SCA-Token` on a protected call). */
    headers?: Record<string, string> | undefined;
    signal?: AbortSignal | undefined;
  };

/** The input may be left out when nothing in it is required. */
export type CallArgs<T extends Callable> =
  object extends CallInput<T> ? [input?: CallInput<T>] : [input: CallInput<T>];

/** A route's URL: its path with the parameters filled in, then the query (empty values left out). */
export function routeUrl<T extends Callable>(route: T, input?: { params?: object; query?: unknown }): string {
  const path = buildPath(route.path, (input?.params ?? {}) as PathParamValues<T['path']>);
  const query = new URLSearchParams();
  const values: object = typeof input?.query === 'object' && input.query !== null ? input.query : {};
  for (const [name, value] of Object.entries(values) as [string, unknown][])
    if (value !== undefined && value !== null && value !== '')
      query.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A call to one route of the table: its method and path, the body and query it takes, and its
 * answer typed by the route's success schema (and checked against it when given the definition).
 */
export function apiCall<T extends Callable>(
  route: T,
  ...[input]: CallArgs<T>
): Promise<RouteResponse<Definition<T>>> {
  return apiRequest(route.method, routeUrl(route, input), {
    body: input?.body,
    schema: answerSchema(route),
    signal: input?.signal,
    headers: input?.headers,
  }) as Promise<RouteResponse<Definition<T>>>;
}
