import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ManualEntryRequest } from '@comptoir/contracts';
import { closureRoutes, manualEntriesRoutes } from '@comptoir/contracts/client';
import { backofficeKeys } from './backoffice.ts';
import { boCall } from './backoffice-session.ts';

/** Manual entries (« régularisation ») and the danger zone of the manage panel (docs/product/back-office.md#customers). */
export const manualEntryKeys = {
  ofCustomer: (id: string) => ['backoffice', 'customer', id, 'manual-entries'] as const,
  pending: ['backoffice', 'manual-entries', 'pending'] as const,
};

export const useManualEntries = (customerId: string) =>
  useQuery({
    queryKey: manualEntryKeys.ofCustomer(customerId),
    queryFn: ({ signal }) =>
      boCall(manualEntriesRoutes.getBackofficeCustomersByIdManualEntries, {
        params: { id: customerId },
        signal,
      }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

function useRefreshCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: backofficeKeys.customer(customerId) });
    void queryClient.invalidateQueries({ queryKey: backofficeKeys.customersAll });
    void queryClient.invalidateQueries({ queryKey: manualEntryKeys.pending });
  };
}

/** A new entry; the Idempotency-Key is made once per form submission by the caller. */
export function useCreateManualEntry(customerId: string) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: ({ body, key }: { body: ManualEntryRequest; key: string }) =>
      boCall(manualEntriesRoutes.postBackofficeCustomersByIdManualEntries, {
        params: { id: customerId },
        body: ManualEntryRequest.parse(body),
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: refresh,
  });
}

export function useDecideManualEntry(customerId: string) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: (
      d: { id: string; outcome: 'approve' } | { id: string; outcome: 'refuse'; reason: string },
    ) =>
      d.outcome === 'refuse'
        ? boCall(manualEntriesRoutes.postBackofficeManualEntriesByIdRefuse, {
            params: { id: d.id },
            body: { reason: d.reason },
          })
        : boCall(manualEntriesRoutes.postBackofficeManualEntriesByIdApprove, { params: { id: d.id } }),
    onSuccess: refresh,
  });
}

export function useCloseCustomer(customerId: string) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: () => boCall(closureRoutes.postBackofficeCustomersByIdClose, { params: { id: customerId } }),
    onSuccess: refresh,
  });
}

export function useEraseCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => boCall(closureRoutes.deleteBackofficeCustomersById, { params: { id: customerId } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: backofficeKeys.customer(customerId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.customersAll });
    },
  });
}
