import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@comptoir/contracts';
import { accountsRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The customer's accounts (main account and Espaces), with their balances. */
export const accountsQuery = () =>
  queryOptions({
    queryKey: queryKeys.accounts,
    queryFn: ({ signal }) => apiCall(accountsRoutes.getAccounts, { signal }),
  });

export const useAccounts = () => useQuery(accountsQuery());

/** The account « Accueil » shows: the main account, else the first one. */
export const mainAccount = (accounts: readonly Account[] | undefined): Account | undefined =>
  accounts?.find((account) => account.kind === 'main') ?? accounts?.[0];
