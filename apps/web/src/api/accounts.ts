import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Account, OperationsPage } from '@comptoir/contracts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const OPERATIONS_PAGE_SIZE = 20;

export const useAccounts = () =>
  useQuery({
    queryKey: queryKeys.accounts,
    queryFn: ({ signal }) => api.get('/api/accounts', z.array(Account), signal),
  });

export const operationsUrl = (accountId: string, cursor: string | null): string => {
  const params = new URLSearchParams({ limit: String(OPERATIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return `/api/accounts/${encodeURIComponent(accountId)}/transactions?${params.toString()}`;
};

/** Operations newest first, one cursor page at a time. */
export const useOperations = (accountId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.operations(accountId),
    queryFn: ({ pageParam, signal }) => api.get(operationsUrl(accountId, pageParam), OperationsPage, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
