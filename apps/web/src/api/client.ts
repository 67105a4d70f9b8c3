import type { z } from 'zod';
import { CSRF_HEADER, CSRF_VALUE } from '@comptoir/contracts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError, problemToApiError } from './api-error.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 401 codes that mean "your session is gone" (as opposed to wrong credentials or a missing SCA). */
const SESSION_LOST_CODES = new Set(['unauthenticated', 'session_expired']);

let onSessionLost: ((path: string) => void) | null = null;
let quietUntil = 0;
let lastContact = 0;

/** The app registers what to do when a call answers that the customer session is gone. */
export function setSessionLostHandler(handler: ((path: string) => void) | null): void {
  onSessionLost = handler;
}

/** For a sign-out the UI asked for itself: a 401 in the next `ms` is expected, not news. */
export function quietSessionLost(ms: number): void {
  quietUntil = Date.now() + ms;
}

/** When a customer API call last succeeded — each one renews the server-side idle timer. */
export const lastApiContact = (): number => lastContact;

/** The back office and its sandbox tools answer for the operator session, not the customer's. */
const isCustomerApi = (path: string): boolean =>
  !path.startsWith('/api/backoffice') && !path.startsWith('/api/sandbox');

interface RequestOptions<S extends z.ZodType | undefined> {
  body?: unknown;
  /** Validates (and types) the JSON answer. Without it the answer is ignored. */
  schema?: S;
  signal?: AbortSignal | undefined;
  /** Extra request headers (e.g. `X-SCA-Token` on a protected call). */
  headers?: Record<string, string> | undefined;
}

type Result<S> = S extends z.ZodType ? z.output<S> : undefined;

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

  if (!response.ok) {
    const error = problemToApiError(response.status, body, i18n.t('errors.generic'));
    const lost = error.status === 401 && SESSION_LOST_CODES.has(error.code) && isCustomerApi(path);
    if (lost && Date.now() >= quietUntil) onSessionLost?.(path);
    throw error;
  }
  if (isCustomerApi(path)) lastContact = Date.now();

  if (!options.schema) return undefined as Result<S>;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiError({ status: response.status, code: 'internal_error', detail: i18n.t('errors.generic') });
  }
  return parsed.data as Result<S>;
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) =>
    apiRequest('GET', path, { schema, signal }),
  post: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, schema?: S) =>
    apiRequest('POST', path, { body, schema }),
  patch: <S extends z.ZodType | undefined = undefined>(path: string, body?: unknown, schema?: S) =>
    apiRequest('PATCH', path, { body, schema }),
  delete: (path: string, headers?: Record<string, string>) => apiRequest('DELETE', path, { headers }),
};
