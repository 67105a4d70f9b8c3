import type { QueryClient } from '@tanstack/react-query';
import { accountsQuery, mainAccount } from '../api/accounts.ts';
import {
  filteredOperationsQuery,
  NO_OPERATION_FILTERS,
  operationsSummaryQuery,
  summaryMonth,
} from '../api/operations.ts';

/**
 * Asks for what « Accueil » shows first — the accounts, then the main account's first page of
 * operations and the month's summary — under the keys its components read, so the answers arrive
 * while the screen's code downloads instead of after it. A failure is left to the screen, which
 * asks again and shows its error.
 */
export async function prefetchDashboard(client: QueryClient): Promise<void> {
  const main = mainAccount(await client.fetchQuery(accountsQuery()));
  if (!main) return;
  await Promise.all([
    client.prefetchInfiniteQuery(filteredOperationsQuery(main.id, NO_OPERATION_FILTERS)),
    client.prefetchQuery(operationsSummaryQuery(main.id, summaryMonth(NO_OPERATION_FILTERS))),
  ]);
}
