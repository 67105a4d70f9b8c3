import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDirectDebitClaim,
  type DirectDebitSettings,
  type MandateLimits,
} from '@comptoir/contracts';
import { directDebitsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The customer's direct debits (`/api/direct-debits…`, docs/direct-debits.md): collections,
 * mandates and the rules for all of them. None of these calls moves money but a refund, and none
 * asks for strong authentication.
 */
const keys = {
  collections: [...queryKeys.directDebits, 'collections'] as const,
  mandates: [...queryKeys.directDebits, 'mandates'] as const,
  settings: [...queryKeys.directDebits, 'settings'] as const,
};

/** `GET /api/direct-debits/collections`: latest due date first. */
export const useDirectDebitCollections = () =>
  useQuery({
    queryKey: keys.collections,
    queryFn: ({ signal }) => apiCall(directDebitsRoutes.getDirectDebitsCollections, { signal }),
  });

/** `GET /api/direct-debits/mandates`: newest first. */
export const useDirectDebitMandates = () =>
  useQuery({
    queryKey: keys.mandates,
    queryFn: ({ signal }) => apiCall(directDebitsRoutes.getDirectDebitsMandates, { signal }),
  });

/** `GET /api/direct-debits/settings`. */
export const useDirectDebitSettings = () =>
  useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => apiCall(directDebitsRoutes.getDirectDebitsSettings, { signal }),
  });

/**
 * After any act on a direct debit: the collections, mandates and rules, and the balances and
 * operations (a refund credits the account).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.directDebits }),
      queryClient.invalidateQueries({ queryKey: queryKeys.accounts }),
    ]);
  };
}

/** `POST /api/direct-debits/collections/{id}/refuse`: returned MS02 on its due date. */
export function useRefuseCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(directDebitsRoutes.postDirectDebitsCollectionsRefuse, { params: { id } }),
    onSettled: refresh,
  });
}

/** `POST /api/direct-debits/collections/{id}/refund`: credited at once, value-dated on the debit date. */
export function useRefundCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(directDebitsRoutes.postDirectDebitsCollectionsRefund, { params: { id } }),
    onSettled: refresh,
  });
}

/** `POST /api/direct-debits/collections/{id}/claims`: a contestation, which compliance decides. */
export function useClaimCollection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreateDirectDebitClaim }) =>
      apiCall(directDebitsRoutes.postDirectDebitsCollectionsClaims, { params: { id }, body }),
    onSettled: refresh,
  });
}

/** `POST /api/direct-debits/mandates/{id}/revoke`: its later collections are returned MD01. */
export function useRevokeMandate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(directDebitsRoutes.postDirectDebitsMandatesRevoke, { params: { id } }),
    onSettled: refresh,
  });
}

/** `PUT /api/direct-debits/mandates/{id}/limits`: the whole set of caps (null lifts one). */
export function useSetMandateLimits() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, limits }: { id: string; limits: MandateLimits }) =>
      apiCall(directDebitsRoutes.putDirectDebitsMandatesLimits, { params: { id }, body: limits }),
    onSettled: refresh,
  });
}

/** `PUT /api/direct-debits/settings`: the rules as a whole. */
export function useSaveDirectDebitSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (settings: DirectDebitSettings) =>
      apiCall(directDebitsRoutes.putDirectDebitsSettings, { body: settings }),
    onSettled: refresh,
  });
}
