import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  EmailChangeConfirm,
  LoginCompleted,
  LoginRequest,
  LoginResponse,
  Me,
  UpdateMeResponse,
  type ScaProof,
  type UpdateMeRequest,
} from '@comptoir/contracts';
import { api } from './client.ts';
import { isApiError } from './api-error.ts';
import { queryKeys } from './query-keys.ts';

/** `GET /api/me`, where "not signed in" (401) is an answer — `null` — not an error. */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get('/api/me', Me, signal);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const useMe = () =>
  useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 30_000,
  });

/** Forgets everything the signed-in customer could see; the guards then show signed-out routes. */
export function clearLocalSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
  queryClient.setQueryData<Me | null>(queryKeys.me, null);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      api.post('/api/auth/login', LoginRequest.parse(credentials), LoginResponse),
    onSuccess: async (response) => {
      // A customer with a second factor is not signed in yet: the second step follows.
      if (!('me' in response)) return;
      queryClient.setQueryData(queryKeys.me, response.me);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** `POST /api/auth/login/second-factor`: the code or the passkey completes the sign-in. */
export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: ScaProof) => api.post('/api/auth/login/second-factor', proof, LoginCompleted),
    onSuccess: async ({ me }) => {
      queryClient.setQueryData(queryKeys.me, me);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/logout'),
    // Signed out locally even when the call fails: the session may already be gone on the server.
    onSettled: () => clearLocalSession(queryClient),
  });
}

export const usePasswordReset = () =>
  useMutation({ mutationFn: (email: string) => api.post('/api/auth/password-reset', { email }) });

export const usePasswordResetConfirm = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post('/api/auth/password-reset/confirm', body),
  });

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeRequest) => api.patch('/api/me', body, UpdateMeResponse),
    onSuccess: ({ me }) => queryClient.setQueryData(queryKeys.me, me),
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/auth/email-change/confirm', EmailChangeConfirm.parse({ token })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

export const useResendVerification = () =>
  useMutation({ mutationFn: () => api.post('/api/auth/verify-email/resend') });
