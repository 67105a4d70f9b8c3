import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  OperationDetail,
  OperationsPage,
  OperationsSummary,
  operationDetailPath,
  operationsSummaryPath,
} from '@comptoir/contracts';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const OPERATIONS_PAGE_SIZE = 20;

/** What the list is narrowed to: a search text and a month (`YYYY-MM`), both optional. */
export interface OperationFilters {
  q: string;
  month: string | null;
}

export function filteredOperationsUrl(
  accountId: string,
  filters: OperationFilters,
  cursor: string | null,
): string {
  const params = new URLSearchParams({ limit: String(OPERATIONS_PAGE_SIZE) });
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.month) params.set('month', filters.month);
  if (cursor) params.set('cursor', cursor);
  return `/api/accounts/${encodeURIComponent(accountId)}/transactions?${params.toString()}`;
}

// Under the account's key: a live credit or payment refreshes them with the balance.
const keys = {
  list: (accountId: string, filters: OperationFilters) =>
    [...queryKeys.operations(accountId), filters.q.trim(), filters.month ?? ''] as const,
  detail: (accountId: string, entryId: string) => ['accounts', accountId, 'operation', entryId] as const,
  summary: (accountId: string, month: string) => ['accounts', accountId, 'summary', month] as const,
};

/** Operations newest first, searched and filtered on the server, one cursor page at a time. */
export const useFilteredOperations = (accountId: string, filters: OperationFilters) =>
  useInfiniteQuery({
    queryKey: keys.list(accountId, filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(filteredOperationsUrl(accountId, filters, pageParam), OperationsPage, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export const useOperationDetail = (accountId: string, entryId: string | null) =>
  useQuery({
    queryKey: keys.detail(accountId, entryId ?? ''),
    queryFn: ({ signal }) => api.get(operationDetailPath(accountId, entryId ?? ''), OperationDetail, signal),
    enabled: entryId !== null,
  });

export const useOperationsSummary = (accountId: string, month: string) =>
  useQuery({
    queryKey: keys.summary(accountId, month),
    queryFn: ({ signal }) => api.get(operationsSummaryPath(accountId, month), OperationsSummary, signal),
    placeholderData: keepPreviousData,
  });
