import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  OperatorLoginRequest,
  OperatorLoginResponse,
  OperatorMe,
  OperatorSession,
  OperatorTotpRequest,
} from '@comptoir/contracts';
import { apiRequest } from './client.ts';
import { isApiError, type ApiError } from './api-error.ts';

/**
 * The operator side of the API (`/api/backoffice/…`). The customer client's session-lost handler
 * ignores these paths, so the back office keeps its own: when any call answers 401, the operator
 * session is gone (idle, expired or signed out elsewhere) and the area goes back to its login.
 */
type SessionLost = (error: ApiError) => void;
let onOperatorSessionLost: SessionLost | null = null;
let lastContact = 0;

export function setOperatorSessionLostHandler(handler: SessionLost | null): void {
  onOperatorSessionLost = handler;
}

/** For calls made outside `boRequest` (document bytes): the session is gone. */
export function setOperatorSessionLost(error: ApiError): void {
  if (isSessionGone(error)) onOperatorSessionLost?.(error);
}

/** When a back-office call last succeeded — each one slides the server-side idle window. */
export const lastOperatorContact = (): number => lastContact;
export const markOperatorContact = (): void => {
  lastContact = Date.now();
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface OperatorRequestOptions<S extends z.ZodType | undefined> {
  body?: unknown;
  schema?: S;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
}

/** An operator call to `/api/backoffice{path}`. */
export const boRequest = <S extends z.ZodType | undefined = undefined>(
  method: Method,
  path: string,
  options: OperatorRequestOptions<S> = {},
) => operatorCall(method, `/api/backoffice${path}`, options);

/**
 * An operator call to the sandbox tools (`/api/sandbox{path}`, sandbox mode only), which take the
 * operator session too: a POST with its Idempotency-Key.
 */
export const sandboxRequest = <S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  idempotencyKey: string,
) =>
  operatorCall('POST', `/api/sandbox${path}`, {
    body,
    schema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** An operator read of a sandbox tool (`GET /api/sandbox{path}`, sandbox mode only). */
export const sandboxQuery = <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) =>
  operatorCall('GET', `/api/sandbox${path}`, { schema, signal });

async function operatorCall<S extends z.ZodType | undefined = undefined>(
  method: Method,
  url: string,
  options: OperatorRequestOptions<S>,
): Promise<S extends z.ZodType ? z.output<S> : undefined> {
  try {
    const result = await apiRequest(method, url, options);
    lastContact = Date.now();
    return result;
  } catch (error) {
    if (isApiError(error) && error.status === 401 && isSessionGone(error)) onOperatorSessionLost?.(error);
    throw error;
  }
}

const isSessionGone = (error: ApiError): boolean =>
  error.code === 'session_expired' || error.code === 'unauthenticated';

export const operatorKeys = {
  me: ['backoffice', 'me'] as const,
  all: ['backoffice'] as const,
};

/**
 * What `GET /auth/me` says: signed in, or signed out (with the server's reason when the session
 * expired). A password-only session counts as signed out: the server drops its cookie on that
 * answer, so the login starts again from the password.
 */
export type OperatorState =
  { stage: 'signedIn'; operator: OperatorMe } | { stage: 'signedOut'; reason: string | null };

async function fetchOperatorState(signal?: AbortSignal): Promise<OperatorState> {
  try {
    const operator = await apiRequest('GET', '/api/backoffice/auth/me', { schema: OperatorMe, signal });
    lastContact = Date.now();
    return { stage: 'signedIn', operator };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      return { stage: 'signedOut', reason: error.code === 'session_expired' ? error.detail : null };
    }
    throw error;
  }
}

/**
 * The operator session, asked once when the back office opens. Never refetched on a timer or on
 * focus: the server counts every call as activity, and inactivity is what signs an operator out.
 */
export const useOperatorState = () =>
  useQuery({
    queryKey: operatorKeys.me,
    queryFn: ({ signal }) => fetchOperatorState(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Slides the server's idle window while the operator is active but not calling the API. */
export const touchOperatorSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ queryKey: operatorKeys.me, queryFn: ({ signal }) => fetchOperatorState(signal) });

export function setOperatorState(queryClient: QueryClient, state: OperatorState): void {
  // Whatever an operator could see goes with the session.
  queryClient.removeQueries({
    queryKey: operatorKeys.all,
    predicate: (query) => query.queryKey[1] !== operatorKeys.me[1],
  });
  queryClient.setQueryData<OperatorState>(operatorKeys.me, state);
}

export const useOperatorPasswordLogin = () =>
  useMutation({
    mutationFn: (credentials: OperatorCredentials) =>
      apiRequest('POST', '/api/backoffice/auth/login', {
        body: OperatorLoginRequest.parse(credentials),
        schema: OperatorLoginResponse,
      }),
  });

export function useOperatorTotpLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('POST', '/api/backoffice/auth/login/totp', {
        body: OperatorTotpRequest.parse({ code }),
        schema: OperatorSession,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.me, exact: true }),
  });
}

export type OperatorCredentials = z.input<typeof OperatorLoginRequest>;

/** Signs out on the server; locally signed out whatever the answer. */
export async function operatorLogout(queryClient: QueryClient, reason: string | null): Promise<void> {
  try {
    await apiRequest('POST', '/api/backoffice/auth/logout');
  } catch {
    // Already gone on the server (idle, revoked): nothing more to do.
  } finally {
    setOperatorState(queryClient, { stage: 'signedOut', reason });
  }
}
