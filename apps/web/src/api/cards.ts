import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCA_TOKEN_HEADER, type CardDetails, type CardLimitsRequest } from '@comptoir/contracts';
import { cardsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The customer's cards (`/api/cards…`). Answers carry the last four digits only; the number and the
 * CVV come from `revealCard`, whose result the caller keeps in component state — never in the query
 * cache, never in storage.
 */

/** `GET /api/cards`: the live card first. */
export const useCards = () =>
  useQuery({
    queryKey: queryKeys.cards,
    queryFn: ({ signal }) => apiCall(cardsRoutes.getCards, { signal }),
  });

/** `GET /api/cards/{id}/activity`: the card's payments, declines included, newest first. */
export const useCardActivity = (cardId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.cardActivity(cardId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(cardsRoutes.getCardsByIdActivity, { params: { id: cardId ?? '' }, signal }),
    enabled: cardId !== undefined,
  });

/** After any change to a card: the list (and with it limits, lock, channels) is read again. */
function useRefreshCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.cards });
}

/** `POST /api/cards`: issues a card when none is active. */
export function useCreateCard() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: () => apiCall(cardsRoutes.postCards),
    onSettled: refresh,
  });
}

/** `POST /api/cards/{id}/lock` or `/unlock`. */
export function useSetCardLock() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ id, locked }: { id: string; locked: boolean }) =>
      apiCall(locked ? cardsRoutes.postCardsByIdLock : cardsRoutes.postCardsByIdUnlock, { params: { id } }),
    onSettled: refresh,
  });
}

/** `PUT /api/cards/{id}/limits`: both limits (cents) and the channels, as a whole. */
export function useSetCardLimits() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ id, limits }: { id: string; limits: CardLimitsRequest }) =>
      apiCall(cardsRoutes.putCardsByIdLimits, { params: { id }, body: limits }),
    onSettled: refresh,
  });
}

/** `DELETE /api/cards/{id}`: opposition, for good. */
export function useCancelCard() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (id: string) => apiCall(cardsRoutes.deleteCardsById, { params: { id } }),
    onSettled: refresh,
  });
}

/** `POST /api/cards/{id}/reveal` with the token of a `card_reveal` strong authentication. */
export const revealCard = (id: string, scaToken: string): Promise<CardDetails> =>
  apiCall(cardsRoutes.postCardsByIdReveal, { params: { id }, headers: { [SCA_TOKEN_HEADER]: scaToken } });
