import { useQuery } from '@tanstack/react-query';
import { SCA_TOKEN_HEADER, type CardAuthentication } from '@comptoir/contracts';
import { cardAuthenticationsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Online card payments to confirm (3-D Secure, docs/product/cards.md#3-d-secure): the pending ones
 * first, then the recent ones. Read once when the customer area opens, then kept current by the
 * `card_authentication` live event (api/events.ts).
 */
export const useCardAuthentications = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.cardAuthentications,
    queryFn: ({ signal }) => apiCall(cardAuthenticationsRoutes.getCardAuthentications, { signal }),
    enabled,
  });

/** `POST /api/card-authentications/{id}/approve` with the token of a `card_authentication` SCA. */
export const approveCardAuthentication = (id: string, scaToken: string): Promise<CardAuthentication> =>
  apiCall(cardAuthenticationsRoutes.postCardAuthenticationsByIdApprove, {
    params: { id },
    headers: { [SCA_TOKEN_HEADER]: scaToken },
  });

/** `POST /api/card-authentications/{id}/refuse`: the merchant's authentication is rejected. */
export const refuseCardAuthentication = (id: string): Promise<CardAuthentication> =>
  apiCall(cardAuthenticationsRoutes.postCardAuthenticationsByIdRefuse, { params: { id } });
