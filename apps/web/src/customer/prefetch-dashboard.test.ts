import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementMonthOf } from '@comptoir/core';
import { accountsQuery } from '../api/accounts.ts';
import { filteredOperationsQuery, NO_OPERATION_FILTERS, operationsSummaryQuery } from '../api/operations.ts';
import { createQueryClient } from '../app/query-client.ts';
import { prefetchDashboard } from './prefetch-dashboard.ts';

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

/** A server whose answers depend on the path alone; returns the paths asked for, in order. */
function serve(answer: (path: string) => Promise<Response>): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return answer(url.split('?')[0]!);
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetchDashboard', () => {
  it('asks for the accounts, then the main account’s first operations and month, under the keys « Accueil » reads', async () => {
    const accounts = [
      { id: 'sp_9', kind: 'space' },
      { id: 'acc_1', kind: 'main' },
    ];
    const page = { items: [], nextCursor: null };
    const summary = { month: '2026-11' };
    const asked = serve((path) =>
      path === '/api/accounts'
        ? json(accounts)
        : path === '/api/accounts/acc_1/transactions'
          ? json(page)
          : path === '/api/accounts/acc_1/summary'
            ? json(summary)
            : json({ status: 404 }, 404),
    );
    const client = createQueryClient();

    await prefetchDashboard(client);

    const month = statementMonthOf(new Date());
    expect(asked).toEqual([
      '/api/accounts',
      '/api/accounts/acc_1/transactions?limit=20',
      `/api/accounts/acc_1/summary?month=${month}`,
    ]);
    expect(client.getQueryData(accountsQuery().queryKey)).toEqual(accounts);
    expect(
      client.getQueryData(filteredOperationsQuery('acc_1', NO_OPERATION_FILTERS).queryKey)?.pages,
    ).toEqual([page]);
    expect(client.getQueryData(operationsSummaryQuery('acc_1', month).queryKey)).toEqual(summary);
  });

  it('asks nothing more when there is no account', async () => {
    const asked = serve(() => json([]));
    await prefetchDashboard(createQueryClient());
    expect(asked).toEqual(['/api/accounts']);
  });

  it('leaves a failure to the screen: asked again once, as every query, then nothing kept', async () => {
    const asked = serve(() => json({ status: 500, title: 'Erreur' }, 500));
    const client = createQueryClient();
    await expect(prefetchDashboard(client)).rejects.toMatchObject({ status: 500 });
    expect(asked).toEqual(['/api/accounts', '/api/accounts']);
    expect(client.getQueryData(accountsQuery().queryKey)).toBeUndefined();
  });
});
