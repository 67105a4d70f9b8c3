import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginRequest, Me, ScaProof, UpdateMeRequest } from '@comptoir/contracts';
import { authRoutes, onboardingRoutes } from '@comptoir/contracts/client';
import { apiCall, reportSessionLost } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * `GET /api/session`: the signed-in customer, or `null` when signed out — an answer (200), so a
 * signed-out page logs no failed request.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  return (await apiCall(authRoutes.getSession, { signal })).me;
}

export function useMe() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: async ({ signal }) => {
      const me = await fetchMe(signal);
      // Signed in a moment ago, signed out now: the session ended on the server (idle, revoked).
      if (me === null && queryClient.getQueryData<Me | null>(queryKeys.me))
        reportSessionLost(authRoutes.getSession.path);
      return me;
    },
    staleTime: 30_000,
  });
}

/** Forgets everything the signed-in customer could see; the guards then show signed-out routes. */
export function clearLocalSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
  queryClient.setQueryData<Me | null>(queryKeys.me, null);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => apiCall(authRoutes.postAuthLogin, { body: credentials }),
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
    mutationFn: (proof: ScaProof) => apiCall(authRoutes.postAuthLoginSecondFactor, { body: proof }),
    onSuccess: async ({ me }) => {
      queryClient.setQueryData(queryKeys.me, me);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(authRoutes.postAuthLogout),
    // Signed out locally even when the call fails: the session may already be gone on the server.
    onSettled: () => clearLocalSession(queryClient),
  });
}

export const usePasswordReset = () =>
  useMutation({
    mutationFn: (email: string) => apiCall(authRoutes.postAuthPasswordReset, { body: { email } }),
  });

export const usePasswordResetConfirm = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiCall(authRoutes.postAuthPasswordResetConfirm, { body }),
  });

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeRequest) => apiCall(authRoutes.patchMe, { body }),
    onSuccess: ({ me }) => queryClient.setQueryData(queryKeys.me, me),
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiCall(authRoutes.postAuthEmailChangeConfirm, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

export const useResendVerification = () =>
  useMutation({ mutationFn: () => apiCall(onboardingRoutes.postAuthVerifyEmailResend) });
