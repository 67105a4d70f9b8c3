import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES, type CapabilityId } from '@comptoir/core/capabilities';
import { PAGE_FEATURE, PAGE_SOON_NOTICE } from '../../../web/src/marketing/content/availability.ts';
import { CLAIMS } from '../../../web/src/marketing/content/claims.ts';
import { FAQ } from '../../../web/src/marketing/content/faq.ts';
import { MARKETING_ROUTES } from '../../../web/src/marketing/routes.ts';
import { makeTestContext, MUTATION, type TestContext } from '../testing/test-context.ts';

// docs/product/principles.md#no-false-claims: what the public site and the FAQ say is available must be there.
// The web app must be built for the screens to be served (`npm test` builds it first).
const DIST = join(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const built = existsSync(join(DIST, 'prerendered', 'manifest.json'));

/** Every capability the marketing content and the FAQ name. */
function claimedCapabilities(): Set<CapabilityId> {
  const named = new Set<CapabilityId>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      if ('since' in value) named.add(value.since as CapabilityId);
      Object.values(value).forEach(walk);
    }
  };
  walk(CLAIMS);
  walk(FAQ);
  for (const since of Object.values(PAGE_FEATURE)) named.add(since);
  return named;
}

const ids = Object.keys(CAPABILITIES) as CapabilityId[];
const available = ids.filter((id) => CAPABILITIES[id].available);
const missing = ids.filter((id) => !CAPABILITIES[id].available);

describe('claims of the public site', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await makeTestContext({ rateLimits: false });
  });
  afterAll(() => t.close());

  /** What is wrong with claiming `id` today: an API or a screen that is not there. */
  async function problemsOf(id: CapabilityId): Promise<string[]> {
    const { apis, screens } = CAPABILITIES[id];
    const problems: string[] = [];
    for (const api of apis) {
      // Signed out on purpose: an existing route answers 401 or 400; a missing one, 404.
      const res = await t.app.inject({
        method: api.method,
        url: api.path.replace('{accountId}', '1'),
        headers: api.method === 'GET' ? {} : MUTATION,
        ...(api.method === 'GET' ? {} : { payload: {} }),
      });
      if (res.statusCode === 404) problems.push(`${api.method} ${api.path} answers 404`);
    }
    for (const screen of screens) {
      if (built) {
        // Signed out, the server answers an app path with the app and anything else with 404.
        const res = await t.app.inject({ method: 'GET', url: screen });
        if (res.statusCode === 404) problems.push(`${screen} answers 404`);
      }
    }
    return problems;
  }

  it('names only capabilities that exist, and covers the features the site talks about', () => {
    const named = claimedCapabilities();
    expect([...named].filter((id) => !(id in CAPABILITIES))).toEqual([]);
    for (const id of [
      'card',
      'threeDSecure',
      'transfers',
      'statements',
      'spaces',
      'adviser',
      'strongAuth',
      'rib',
    ] as const) {
      expect(named.has(id)).toBe(true);
    }
  });

  it.each(available)('%s is claimed as available: its screens and APIs answer', async (id) => {
    expect(await problemsOf(id)).toEqual([]);
  });

  // The other side of the switch, and the proof that the check above can fail: what is not there
  // answers 404. When a feature lands, this fails until its switch is on.
  it.each(missing)('%s is shown as « Bientôt »: it is indeed not there yet', async (id) => {
    expect(await problemsOf(id)).not.toEqual([]);
  });

  it.skipIf(!built)('a page about a feature not there yet says so first', async () => {
    for (const route of MARKETING_ROUTES) {
      const since = PAGE_FEATURE[route.page];
      const html = (await t.app.inject({ method: 'GET', url: route.path })).body;
      const soon = since !== undefined && !CAPABILITIES[since].available;
      expect(html.includes(PAGE_SOON_NOTICE), route.path).toBe(soon);
    }
  });
});
