import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ClosedSpace,
  Space,
  SpaceMove,
  spacePath,
  type CreateSpaceRequest,
  type SpaceMoveRequest,
  type UpdateSpaceRequest,
} from '@comptoir/contracts';
import { apiRequest } from './client.ts';
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
    mutationFn: (body: CreateSpaceRequest) => apiRequest('POST', '/api/spaces', { body, schema: Space }),
    onSettled: refresh,
  });
}

/** `PATCH /api/spaces/{id}`: name and goal. */
export function useUpdateSpace() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSpaceRequest }) =>
      apiRequest('PATCH', spacePath(id), { body, schema: Space }),
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
    mutationFn: (id: string) => apiRequest('DELETE', spacePath(id), { schema: ClosedSpace }),
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
      apiRequest('POST', `${spacePath(id)}/moves`, {
        body,
        schema: SpaceMove,
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: refresh,
  });
}
