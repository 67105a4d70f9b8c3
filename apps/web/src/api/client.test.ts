import { describe, expect, it, vi } from 'vitest';
import { routes } from '@comptoir/contracts';
import { apiCall, attachmentName, routeUrl } from './client.ts';

describe('attachmentName', () => {
  it('reads the name the server gave a file', () => {
    expect(attachmentName('attachment; filename="comptoir-mes-donnees-2026-11-26.json"')).toBe(
      'comptoir-mes-donnees-2026-11-26.json',
    );
  });

  it('is null without a name', () => {
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});

describe('calls through the route table', () => {
  it('fills the path and writes the query without its empty values', () => {
    expect(
      routeUrl(routes.getAccountsByIdTransactions, {
        params: { id: 'a b' },
        query: { limit: 20, q: '', month: '2026-11', cursor: undefined },
      }),
    ).toBe('/api/accounts/a%20b/transactions?limit=20&month=2026-11');
    expect(routeUrl(routes.getAccounts)).toBe('/api/accounts');
  });

  it('sends the route’s method, path and body, and reads the answer with its schema', async () => {
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve(
        new Response(JSON.stringify({ id: 'sp_1', extra: 'dropped' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    try {
      await expect(
        apiCall(routes.postScaChallengesByIdVerify, { params: { id: 'ch/1' }, body: { code: '123456' } }),
      ).rejects.toMatchObject({ code: 'internal_error' });
      const [url, init] = calls[0]!;
      expect(url).toBe('/api/sca/challenges/ch%2F1/verify');
      expect(init.method).toBe('POST');
      expect(init.body).toBe('{"code":"123456"}');
      expect(init.headers).toMatchObject({ 'x-requested-with': 'comptoir' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
