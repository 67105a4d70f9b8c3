import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Account } from '@comptoir/contracts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The customer's accounts (main account and Espaces), with their balances. */
export const useAccounts = () =>
  useQuery({
    queryKey: queryKeys.accounts,
    queryFn: ({ signal }) => api.get('/api/accounts', z.array(Account), signal),
  });
