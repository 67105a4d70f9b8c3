import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';

/** Not under `me`: signing out forgets it with the rest of what the customer could see. */
export const sessionKeys = { list: ['sessions'] as const };

/** `GET /api/me/sessions`: the customer's live sessions, this one first. */
export const useSessions = () =>
  useQuery({
    queryKey: sessionKeys.list,
    queryFn: ({ signal }) => apiCall(sessionsRoutes.getMeSessions, { signal }),
    staleTime: 15_000,
  });

/** `DELETE /api/me/sessions/{id}`: signs out another session at once. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(sessionsRoutes.deleteMeSessionsById, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}

/** `DELETE /api/me/sessions`: signs out every other session; this one stays. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(sessionsRoutes.deleteMeSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}
