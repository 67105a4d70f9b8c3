import { useQuery } from '@tanstack/react-query';
import { heldCreditsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';

/**
 * The customer's incoming credits being verified, and those decided in the last 30 days
 * (docs/held-credits.md): read on the dashboard, again on each `held_credit` live event.
 */
export const customerHeldCreditKeys = {
  mine: ['held-credits'] as const,
};

export const useMyHeldCredits = () =>
  useQuery({
    queryKey: customerHeldCreditKeys.mine,
    queryFn: ({ signal }) => apiCall(heldCreditsRoutes.getHeldCredits, { signal }),
    staleTime: 30_000,
  });
