import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { accountsRoutes } from '@comptoir/contracts/client';
import { statementMonthOf } from '@comptoir/core';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const OPERATIONS_PAGE_SIZE = 20;

/** What the list is narrowed to: a search text and a month (`YYYY-MM`), both optional. */
export interface OperationFilters {
  q: string;
  month: string | null;
}

// Under the account's key: a live credit or payment refreshes them with the balance.
const keys = {
  list: (accountId: string, filters: OperationFilters) =>
    [...queryKeys.operations(accountId), filters.q.trim(), filters.month ?? ''] as const,
  detail: (accountId: string, entryId: string) => ['accounts', accountId, 'operation', entryId] as const,
  summary: (accountId: string, month: string) => ['accounts', accountId, 'summary', month] as const,
};

/** What the list shows before the customer searches or picks a month. */
export const NO_OPERATION_FILTERS: OperationFilters = { q: '', month: null };

/** The month the summary shows (`YYYY-MM`): the one the list is narrowed to, else the current one. */
export const summaryMonth = (filters: OperationFilters): string =>
  filters.month ?? statementMonthOf(new Date());

/** Operations newest first, searched and filtered on the server, one cursor page at a time. */
export const filteredOperationsQuery = (accountId: string, filters: OperationFilters) =>
  infiniteQueryOptions({
    queryKey: keys.list(accountId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiCall(accountsRoutes.getAccountsByIdTransactions, {
        params: { id: accountId },
        query: {
          limit: OPERATIONS_PAGE_SIZE,
          q: filters.q.trim(),
          month: filters.month ?? undefined,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export const useFilteredOperations = (accountId: string, filters: OperationFilters) =>
  useInfiniteQuery(filteredOperationsQuery(accountId, filters));

export const useOperationDetail = (accountId: string, entryId: string | null) =>
  useQuery({
    queryKey: keys.detail(accountId, entryId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(accountsRoutes.getAccountsByIdTransactionsByEntryId, {
        params: { id: accountId, entryId: entryId ?? '' },
        signal,
      }),
    enabled: entryId !== null,
  });

/** The account's summary of one month (`month`: `YYYY-MM`). */
export const operationsSummaryQuery = (accountId: string, month: string) =>
  queryOptions({
    queryKey: keys.summary(accountId, month),
    queryFn: ({ signal }) =>
      apiCall(accountsRoutes.getAccountsByIdSummary, { params: { id: accountId }, query: { month }, signal }),
    placeholderData: keepPreviousData,
  });

export const useOperationsSummary = (accountId: string, month: string) =>
  useQuery(operationsSummaryQuery(accountId, month));
