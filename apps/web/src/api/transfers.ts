import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCA_TOKEN_HEADER, type CreateTransferRequest, type Transfer } from '@comptoir/contracts';
import { transfersRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { trackCreation } from './transfer-notices.ts';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The customer's upcoming transfers (scheduled, pending) and the most recent others (`GET /api/transfers`). */
export const useTransfers = () =>
  useQuery({
    queryKey: queryKeys.transfers,
    queryFn: ({ signal }) => apiCall(transfersRoutes.getTransfers, { signal }),
  });

export interface CreateTransferCall {
  request: CreateTransferRequest;
  idempotencyKey: string;
  /** The single-use strong-authentication token; absent for the first call that asks for it. */
  scaToken?: string | undefined;
}

/** `POST /api/transfers`: one attempt, its Idempotency-Key, and the SCA token when there is one. */
export function createTransfer({ request, idempotencyKey, scaToken }: CreateTransferCall): Promise<Transfer> {
  const headers: Record<string, string> = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
  if (scaToken) headers[SCA_TOKEN_HEADER] = scaToken;
  return trackCreation(apiCall(transfersRoutes.postTransfers, { body: request, headers }));
}

/** Balances, operations and the transfers list after a transfer moved money (or released it). */
export const useRefreshAfterTransfer = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
    void queryClient.invalidateQueries({ queryKey: queryKeys.transfers });
  };
};

/** `DELETE /api/transfers/{id}`: cancels a pending or scheduled transfer (and the rest of its series). */
export function useCancelTransfer() {
  const refresh = useRefreshAfterTransfer();
  return useMutation({
    mutationFn: (id: string) => apiCall(transfersRoutes.deleteTransfersById, { params: { id } }),
    onSettled: refresh,
  });
}
