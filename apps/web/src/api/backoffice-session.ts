import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  OperatorLoginRequest,
  OperatorTotpRequest,
  type OperatorMe,
  type RouteBody,
  type RouteResponse,
} from '@comptoir/contracts';
import { operatorsRoutes } from '@comptoir/contracts/client';
import { apiCall, apiDownload, type CallArgs, type Callable, type Definition } from './client.ts';
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

/** For calls made outside `boCall` (document bytes): the session is gone. */
export function setOperatorSessionLost(error: ApiError): void {
  if (isSessionGone(error)) onOperatorSessionLost?.(error);
}

/** When a back-office call last succeeded — each one slides the server-side idle window. */
export const lastOperatorContact = (): number => lastContact;
export const markOperatorContact = (): void => {
  lastContact = Date.now();
};

/** An operator call to a back-office (or sandbox tool) route of the table. */
export async function boCall<T extends Callable>(
  route: T,
  ...args: CallArgs<T>
): Promise<RouteResponse<Definition<T>>> {
  try {
    const result = await apiCall(route, ...args);
    lastContact = Date.now();
    return result;
  } catch (error) {
    if (isApiError(error) && error.status === 401 && isSessionGone(error)) onOperatorSessionLost?.(error);
    throw error;
  }
}

/** A file an operator reads (audited by the server on every call), as a Blob for an object URL. */
export async function boDownload<T extends Callable & { method: 'GET' }>(
  route: T,
  ...args: CallArgs<T>
): Promise<Blob> {
  try {
    const { blob } = await apiDownload(route, ...args);
    lastContact = Date.now();
    return blob;
  } catch (error) {
    if (isApiError(error) && error.status === 401) setOperatorSessionLost(error);
    throw error;
  }
}

/** An operator call to a sandbox tool (sandbox mode only): a POST with its Idempotency-Key. */
export const sandboxRequest = <T extends Callable & { method: 'POST' }>(
  route: T,
  body: RouteBody<Definition<T>>,
  idempotencyKey: string,
) => boCall(route, ...([{ body, headers: { 'Idempotency-Key': idempotencyKey } }] as unknown as CallArgs<T>));

/** An operator read of a sandbox tool (sandbox mode only). */
export const sandboxQuery = <T extends Callable & { method: 'GET' }>(route: T, signal?: AbortSignal) =>
  boCall(route, ...([{ signal }] as unknown as CallArgs<T>));

const isSessionGone = (error: ApiError): boolean =>
  error.code === 'session_expired' ||
  error.code === 'operator_session_idle' ||
  error.code === 'unauthenticated';

/** The server's reason to show on the login page when the session ended by itself (expiry, inactivity). */
export const sessionEndReason = (error: ApiError): string | null =>
  error.code === 'session_expired' || error.code === 'operator_session_idle' ? error.detail : null;

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
    const operator = await apiCall(operatorsRoutes.getBackofficeAuthMe, { signal });
    lastContact = Date.now();
    return { stage: 'signedIn', operator };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      return { stage: 'signedOut', reason: sessionEndReason(error) };
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
      apiCall(operatorsRoutes.postBackofficeAuthLogin, { body: OperatorLoginRequest.parse(credentials) }),
  });

export function useOperatorTotpLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiCall(operatorsRoutes.postBackofficeAuthLoginTotp, { body: OperatorTotpRequest.parse({ code }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.me, exact: true }),
  });
}

export type OperatorCredentials = z.input<typeof OperatorLoginRequest>;

/** Signs out on the server; locally signed out whatever the answer. */
export async function operatorLogout(queryClient: QueryClient, reason: string | null): Promise<void> {
  try {
    await apiCall(operatorsRoutes.postBackofficeAuthLogout);
  } catch {
    // Already gone on the server (idle, revoked): nothing more to do.
  } finally {
    setOperatorState(queryClient, { stage: 'signedOut', reason });
  }
}
