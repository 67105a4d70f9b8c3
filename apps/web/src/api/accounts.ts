import { useQuery } from '@tanstack/react-query';
import { accountsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The customer's accounts (main account and Espaces), with their balances. */
export const useAccounts = () =>
  useQuery({
    queryKey: queryKeys.accounts,
    queryFn: ({ signal }) => apiCall(accountsRoutes.getAccounts, { signal }),
  });
