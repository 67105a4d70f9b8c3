import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SCA_TOKEN_HEADER,
  type CreatePsd2FundsConsentRequest,
  type Psd2AuthorisationOutcome,
  type Psd2Consent,
} from '@comptoir/contracts';
import { psd2Routes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';

/**
 * Open banking, the customer's side (docs/psd2.md#the-customers-side): the request a third-party
 * provider (TPP) sends the customer to decide, and « Accès tiers », the accesses granted — among them
 * the confirmation of funds the customer gives a card issuer from the app.
 */
export const psd2Keys = {
  authorisation: (id: string) => ['psd2', 'authorisations', id] as const,
  /** Not under `authorisations`: reading the list again leaves the page's request alone. */
  pending: ['psd2', 'pending-authorisations'] as const,
  consents: ['psd2', 'consents'] as const,
};

/** `GET /api/psd2/authorisations/{id}`: the TPP, what it asks and the accounts to choose from. */
export const usePsd2Authorisation = (id: string) =>
  useQuery({
    queryKey: psd2Keys.authorisation(id),
    queryFn: ({ signal }) => apiCall(psd2Routes.getPsd2AuthorisationsById, { params: { id }, signal }),
    // Decided once, on this page: read again only when asked (after a refusal of the server).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

/**
 * `GET /api/psd2/authorisations`: the requests TPPs asked the customer to decide in the app (the
 * decoupled approach), soonest to expire first. Read when the customer area opens, then kept current
 * by the `psd2_authorisation` live event (api/events.ts).
 */
export const usePsd2PendingAuthorisations = () =>
  useQuery({
    queryKey: psd2Keys.pending,
    queryFn: ({ signal }) => apiCall(psd2Routes.getPsd2Authorisations, { signal }),
  });

/**
 * `POST /api/psd2/authorisations/{id}/approve` with the token of a `psd2_consent` SCA (a consent on
 * the accounts chosen) or a `psd2_payment` one (a payment, from its one account).
 */
export const approvePsd2Authorisation = (
  id: string,
  accountIds: string[],
  scaToken: string,
): Promise<Psd2AuthorisationOutcome> =>
  apiCall(psd2Routes.postPsd2AuthorisationsByIdApprove, {
    params: { id },
    body: { accountIds },
    headers: { [SCA_TOKEN_HEADER]: scaToken },
  });

/** `POST /api/psd2/authorisations/{id}/deny`: the request is refused, the browser goes back. */
export const denyPsd2Authorisation = (id: string): Promise<Psd2AuthorisationOutcome> =>
  apiCall(psd2Routes.postPsd2AuthorisationsByIdDeny, { params: { id } });

/** `GET /api/psd2/consents`: « Accès tiers », current accesses first. */
export const usePsd2Consents = () =>
  useQuery({
    queryKey: psd2Keys.consents,
    queryFn: ({ signal }) => apiCall(psd2Routes.getPsd2Consents, { signal }),
    staleTime: 15_000,
  });

/** `POST /api/psd2/consents/{id}/revoke`: the TPP's next call is refused; the list is read again. */
export function useRevokePsd2Consent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(psd2Routes.postPsd2ConsentsByIdRevoke, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: psd2Keys.consents }),
  });
}

/**
 * `POST /api/psd2/funds-consents` with the token of a `psd2_funds_consent` SCA: the card issuer may
 * ask whether an amount is available on that account; the list is read again.
 */
export function useCreatePsd2FundsConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      request,
      scaToken,
    }: {
      request: CreatePsd2FundsConsentRequest;
      scaToken: string;
    }): Promise<Psd2Consent> =>
      apiCall(psd2Routes.postPsd2FundsConsents, {
        body: request,
        headers: { [SCA_TOKEN_HEADER]: scaToken },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: psd2Keys.consents }),
  });
}
