import { describe, expect, it } from 'vitest';
import * as client from './client/index.ts';
import { ERROR_CODES, routes } from './index.ts';

describe('the client table (@comptoir/contracts/client)', () => {
  // Out of date after a change of the table or the catalogue: `npm run generate:client-table`.
  it('gives each route of the table its method, path and who may call it, and nothing else', () => {
    const refs = Object.entries(client)
      .filter(([name]) => name.endsWith('Routes'))
      .flatMap(([, group]) => Object.entries(group as object));
    expect(refs).toHaveLength(Object.keys(routes).length);
    for (const [name, ref] of refs) {
      const route = routes[name as keyof typeof routes];
      expect(ref, name).toEqual({ method: route.method, path: route.path, auth: route.auth });
    }
  });

  it('knows every error code', () => {
    expect(client.ERROR_CODES).toEqual(ERROR_CODES);
  });
});
