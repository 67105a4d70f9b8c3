import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateSpaceRequest, type SpaceMoveRequest, type UpdateSpaceRequest } from '@comptoir/contracts';
import { spacesRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The customer's Espaces (`/api/spaces…`). They are listed with the accounts (`useAccounts`), so
 * every change reads the accounts again — and with them every account's operations, whose query
 * keys sit under `accounts`.
 */
function useRefreshAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
}

/** `POST /api/spaces`. */
export function useCreateSpace() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (body: CreateSpaceRequest) => apiCall(spacesRoutes.postSpaces, { body }),
    onSettled: refresh,
  });
}

/** `PATCH /api/spaces/{id}`: name and goal. */
export function useUpdateSpace() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSpaceRequest }) =>
      apiCall(spacesRoutes.patchSpacesById, { params: { id }, body }),
    onSettled: refresh,
  });
}

/**
 * `DELETE /api/spaces/{id}`: closes an empty Espace. The accounts are read again without waiting:
 * the Espace's own page, which goes away with it, still takes the caller to « Accueil ».
 */
export function useCloseSpace() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: (id: string) => apiCall(spacesRoutes.deleteSpacesById, { params: { id } }),
    onSettled: () => {
      void refresh();
    },
  });
}

/**
 * `POST /api/spaces/{id}/moves`: the caller gives the Idempotency-Key of the attempt, so a retry
 * of the same move after no answer moves the money once.
 */
export function useMoveSpaceMoney() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: SpaceMoveRequest; key: string }) =>
      apiCall(spacesRoutes.postSpacesByIdMoves, {
        params: { id },
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: refresh,
  });
}
