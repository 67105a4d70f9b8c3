import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DecideDirectDebitClaim,
  SandboxDirectDebitRequest,
  type DirectDebitClaimStatus,
} from '@comptoir/contracts';
import { directDebitsRoutes } from '@comptoir/contracts/client';
import { backofficeKeys } from './backoffice.ts';
import { boCall, sandboxRequest } from './backoffice-session.ts';

/**
 * Direct debits in the back office (docs/direct-debits.md#back-office): a customer's mandates,
 * collections and rules, the claims queue and its decisions, and the sandbox's creditor bank.
 */
export const directDebitKeys = {
  ofCustomer: (id: string) => ['backoffice', 'customer', id, 'direct-debits'] as const,
  claimsAll: ['backoffice', 'direct-debit-claims'] as const,
  claims: (status: DirectDebitClaimStatus) => ['backoffice', 'direct-debit-claims', status] as const,
};

const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

export const useCustomerDirectDebits = (customerId: string) =>
  useQuery({
    queryKey: directDebitKeys.ofCustomer(customerId),
    queryFn: ({ signal }) =>
      boCall(directDebitsRoutes.getBackofficeCustomersByIdDirectDebits, {
        params: { id: customerId },
        signal,
      }),
    ...fresh,
  });

/** The claims of one status: the pending ones oldest first (the server's order). */
export const useDirectDebitClaims = (status: DirectDebitClaimStatus) =>
  useQuery({
    queryKey: directDebitKeys.claims(status),
    queryFn: ({ signal }) =>
      boCall(directDebitsRoutes.getBackofficeDirectDebitClaims, { query: { status }, signal }),
    ...fresh,
  });

/** Accept (credits the amount back, value-dated on the debit date) or reject, with the note the customer reads. */
export function useDecideDirectDebitClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, decision }: { claimId: string; decision: DecideDirectDebitClaim }) =>
      boCall(directDebitsRoutes.postBackofficeDirectDebitClaimsByIdDecision, {
        params: { id: claimId },
        body: DecideDirectDebitClaim.parse(decision),
      }),
    onSuccess: (claim) => {
      void queryClient.invalidateQueries({ queryKey: directDebitKeys.claimsAll });
      void queryClient.invalidateQueries({ queryKey: directDebitKeys.ofCustomer(claim.customerId) });
      // An accepted claim moves the customer's balance.
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.customer(claim.customerId) });
    },
  });
}

/** Sandbox: a collection as the creditor's bank announces it; the key is made once per form filled in. */
export const announceDirectDebit = (body: SandboxDirectDebitRequest, idempotencyKey: string) =>
  sandboxRequest(
    directDebitsRoutes.postSandboxDirectDebits,
    SandboxDirectDebitRequest.parse(body),
    idempotencyKey,
  );

/** Sandbox: execute an announced collection now (booked, or returned with its reason). */
export const presentDirectDebit = (collectionId: string) =>
  boCall(directDebitsRoutes.postSandboxDirectDebitsPresent, { params: { id: collectionId } });
