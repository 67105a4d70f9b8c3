import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CloseCustomerResponse,
  EraseCustomerResponse,
  ManualEntry,
  ManualEntryList,
  ManualEntryRequest,
} from '@comptoir/contracts';
import { backofficeKeys } from './backoffice.ts';
import { boRequest } from './backoffice-session.ts';

/** Manual entries (« régularisation ») and the danger zone of the manage panel (SPEC §7). */
export const manualEntryKeys = {
  ofCustomer: (id: string) => ['backoffice', 'customer', id, 'manual-entries'] as const,
  pending: ['backoffice', 'manual-entries', 'pending'] as const,
};

const customerPath = (id: string, action = '') => `/customers/${encodeURIComponent(id)}${action}`;

export const useManualEntries = (customerId: string) =>
  useQuery({
    queryKey: manualEntryKeys.ofCustomer(customerId),
    queryFn: ({ signal }) =>
      boRequest('GET', customerPath(customerId, '/manual-entries'), { schema: ManualEntryList, signal }),
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
      boRequest('POST', customerPath(customerId, '/manual-entries'), {
        body: ManualEntryRequest.parse(body),
        schema: ManualEntry,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: refresh,
  });
}

export function useDecideManualEntry(customerId: string) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: (d: { id: string; outcome: 'approve' } | { id: string; outcome: 'refuse'; reason: string }) =>
      boRequest('POST', `/manual-entries/${encodeURIComponent(d.id)}/${d.outcome}`, {
        body: d.outcome === 'refuse' ? { reason: d.reason } : {},
        schema: ManualEntry,
      }),
    onSuccess: refresh,
  });
}

export function useCloseCustomer(customerId: string) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: () =>
      boRequest('POST', customerPath(customerId, '/close'), { schema: CloseCustomerResponse }),
    onSuccess: refresh,
  });
}

export function useEraseCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => boRequest('DELETE', customerPath(customerId), { schema: EraseCustomerResponse }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: backofficeKeys.customer(customerId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.customersAll });
    },
  });
}
