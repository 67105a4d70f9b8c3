import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { DEFAULT_INSTITUTION } from '../../institution.ts';
import { institutionIsland } from '../../http/web.ts';
import { publicProfile } from './public-profile.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext();
});
afterAll(() => t.close());

describe('institution profile', () => {
  it('GET /api/institution tells the sandbox flag and claims no licence in sandbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/institution' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sandbox: true,
      supervisor: null,
      licenceNumber: null,
      depositGuarantee: null,
    });
  });

  it('tells how long an instant transfer waits for the rail, from the configuration', async () => {
    const slow = await makeTestContext({ instantRailTimeoutMs: 25_500 });
    try {
      const res = await slow.app.inject({ method: 'GET', url: '/api/institution' });
      expect(res.json()).toMatchObject({ instantTransferTimeoutSeconds: 26 });
    } finally {
      await slow.close();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/institution' });
    expect(res.json()).toMatchObject({
      instantTransferTimeoutSeconds: t.ctx.config.instantRailTimeoutMs / 1000,
    });
  });

  it('a sandbox profile never claims a licence, even if the file sets one', () => {
    const p = publicProfile(
      {
        ...DEFAULT_INSTITUTION,
        supervisor: 'CSSF',
        licenceNumber: 'B123',
        depositGuarantee: 'FGDL',
      },
      10_000,
    );
    expect(p).toMatchObject({ supervisor: null, licenceNumber: null, depositGuarantee: null });
    const real = publicProfile({ ...DEFAULT_INSTITUTION, sandbox: false, supervisor: 'CSSF' }, 10_000);
    expect(real.supervisor).toBe('CSSF');
  });

  it('the JSON island cannot close its script element', () => {
    const island = institutionIsland(
      publicProfile({ ...DEFAULT_INSTITUTION, name: '</script><script>alert(1)</script>' }, 10_000),
    );
    expect(island.match(/<\/script>/g)).toHaveLength(1);
    expect(island).toContain('\\u003c/script>');
  });
});
