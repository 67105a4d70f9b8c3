import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApproveHeldCreditRequest,
  HoldCreditRequest,
  ReleaseHeldCreditRequest,
  ReturnHeldCreditRequest,
  type HeldCredit,
  type HeldCreditsQuery,
} from '@comptoir/contracts';
import { heldCreditsRoutes } from '@comptoir/contracts/client';
import { boCall } from './backoffice-session.ts';
import { monitoringKeys } from './backoffice-monitoring.ts';

/**
 * Held incoming credits in the back office (docs/held-credits.md): the « Virements retenus » queue,
 * holding a credit from a monitoring case, and its release or return under four eyes.
 */
export const heldCreditKeys = {
  all: ['backoffice', 'held-credits'] as const,
  list: (status: HeldCreditsQuery['status']) => ['backoffice', 'held-credits', status] as const,
};

/** To decide (nearest deadline first) or decided (newest decision first); nothing on a timer. */
export const useHeldCredits = (status: HeldCreditsQuery['status']) =>
  useQuery({
    queryKey: heldCreditKeys.list(status),
    queryFn: ({ signal }) =>
      boCall(heldCreditsRoutes.getBackofficeHeldCredits, { query: { status }, signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** Each step reads the queues again, and the cases (a hold joins the customer's case, if any). */
function useAfterStep() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: heldCreditKeys.all });
    void queryClient.invalidateQueries({ queryKey: monitoringKeys.all });
  };
}

/** « Retenir » from a case's operations: the credit moves to the suspense account. */
export function useHoldCredit() {
  const after = useAfterStep();
  return useMutation({
    mutationFn: (body: HoldCreditRequest): Promise<HeldCredit> =>
      boCall(heldCreditsRoutes.postBackofficeHeldCredits, { body: HoldCreditRequest.parse(body) }),
    onSuccess: after,
  });
}

/** A proposal as the dialog's form holds it; its reason is checked against the action's own list. */
export interface HeldCreditProposal {
  action: 'release' | 'return';
  body: { reason: string; note: string };
}

/** « Proposer la libération » or « Proposer le retour »: the first of two operators. */
export function useProposeHeldCredit() {
  const after = useAfterStep();
  return useMutation({
    mutationFn: ({ id, proposal }: { id: string; proposal: HeldCreditProposal }): Promise<HeldCredit> =>
      proposal.action === 'release'
        ? boCall(heldCreditsRoutes.postBackofficeHeldCreditsByIdRelease, {
            params: { id },
            body: ReleaseHeldCreditRequest.parse(proposal.body),
          })
        : boCall(heldCreditsRoutes.postBackofficeHeldCreditsByIdReturn, {
            params: { id },
            body: ReturnHeldCreditRequest.parse(proposal.body),
          }),
    onSuccess: after,
  });
}

/** « Approuver »: another operator books the release or the return. */
export function useApproveHeldCredit() {
  const after = useAfterStep();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApproveHeldCreditRequest }): Promise<HeldCredit> =>
      boCall(heldCreditsRoutes.postBackofficeHeldCreditsByIdApprove, {
        params: { id },
        body: ApproveHeldCreditRequest.parse(body),
      }),
    onSuccess: after,
  });
}
