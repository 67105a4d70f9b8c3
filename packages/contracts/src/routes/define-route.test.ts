import { describe, expect, it } from 'vitest';
import { allowedRoles, buildPath, callerKind, openApiPath, successSchema } from './define-route.ts';
import { routes } from './index.ts';

describe('the route table', () => {
  it('fills a path with URL-encoded parameters, an extension after the last one kept', () => {
    expect(buildPath('/api/transfers/:id', { id: 'a/b c' })).toBe('/api/transfers/a%2Fb%20c');
    expect(buildPath('/api/accounts/:id/statements/:month.pdf', { id: 'x', month: '2026-01' })).toBe(
      '/api/accounts/x/statements/2026-01.pdf',
    );
    expect(openApiPath('/api/accounts/:id/statements/:month.pdf')).toBe(
      '/api/accounts/{id}/statements/{month}.pdf',
    );
  });

  it('declares each method and path once', () => {
    const keys = Object.values(routes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says who may call: the kind of caller, and the roles of an operator route or a sandbox tool', () => {
    expect(callerKind(routes.getBackofficeOperators.auth)).toBe('operator');
    expect(allowedRoles(routes.getBackofficeOperators.auth)).toEqual(['admin']);
    expect(callerKind(routes.postSandboxIncomingTransfers.auth)).toBe('sandbox');
    expect(allowedRoles(routes.postSandboxIncomingTransfers.auth)).toEqual(['admin', 'compliance']);
    expect(callerKind(routes.getMe.auth)).toBe('customer');
    expect(callerKind(routes.postAuthLoginSecondFactor.auth)).toBe('customer');
    expect(allowedRoles(routes.getMe.auth)).toEqual([]);
    expect(callerKind(routes.getOnboarding.auth)).toBe('application');
  });

  it('names the JSON schema of a success, and none for a file', () => {
    expect(successSchema(routes.getTransfersById)).toBe(routes.getTransfersById.response[200]);
    expect(successSchema(routes.getAccountsByIdRibPdf)).toBeUndefined();
  });
});
