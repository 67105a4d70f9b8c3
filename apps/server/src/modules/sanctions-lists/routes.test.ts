import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SanctionsListImport, SanctionsListVersionList } from '@comptoir/contracts';
import { makeTestContext, MUTATION, type TestContext } from '../../testing/test-context.ts';
import { newOperator, signIn, withOperator, type TestOperator } from '../operators/__tests__/testing.ts';
import { multipart } from '../onboarding/__tests__/testing.ts';
import { listXml, syntheticList } from './__tests__/testing.ts';

// The list is the bank's one list: this file has its database to itself.
let t: TestContext;
let compliance: { operator: TestOperator; token: string };
let admin: string;
let support: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false }, { ownDatabase: true });
  const operator = await newOperator(t, 'compliance');
  compliance = { operator, token: await signIn(t, operator) };
  admin = await signIn(t, await newOperator(t, 'admin'));
  support = await signIn(t, await newOperator(t, 'support'));
});
afterAll(() => t.close());

const URL = '/api/backoffice/sanctions/lists';

async function upload(token: string | null, bytes: Buffer, name = 'liste.xml') {
  const form = await multipart({ file: { bytes, name, type: 'application/xml' } });
  return t.app.inject({
    method: 'POST',
    url: URL,
    headers: { 'x-requested-with': 'comptoir', 'content-type': form.contentType },
    ...(token ? { cookies: withOperator(token) } : {}),
    payload: form.body,
  });
}

const versions = (token: string) => t.app.inject({ url: URL, cookies: withOperator(token) });

describe('POST /api/backoffice/sanctions/lists', () => {
  it('lets only admin and compliance load a list: support and strangers are refused before any read', async () => {
    expect((await upload(null, syntheticList('eu-list'))).statusCode).toBe(401);
    const refused = await upload(support, syntheticList('eu-list'));
    expect(refused.statusCode).toBe(403);
    expect((await versions(support)).statusCode).toBe(403);
    expect((await versions(admin)).json<SanctionsListVersionList>().items).toEqual([]);
  });

  it('makes a version from a multipart upload (201), signed with the operator and audited', async () => {
    const res = await upload(compliance.token, syntheticList('eu-list'));
    expect(res.statusCode).toBe(201);
    const body = res.json<SanctionsListImport>();
    expect(body).toMatchObject({
      unchanged: false,
      version: {
        number: 1,
        source: 'upload',
        loadedBy: compliance.operator.email,
        loadedByOperatorId: compliance.operator.id,
        entryCount: 30,
        added: 30,
      },
    });
    const { rows } = await t.ctx.db.query<{ operator_id: string }>(
      `select operator_id from audit_log where action = 'sanctions_list.loaded'`,
    );
    expect(rows).toEqual([{ operator_id: compliance.operator.id }]);
  });

  it('answers 200 with the version in force for the same file, writing nothing', async () => {
    const res = await upload(admin, syntheticList('eu-list'));
    expect(res.statusCode).toBe(200);
    expect(res.json<SanctionsListImport>()).toMatchObject({ unchanged: true, version: { number: 1 } });
    expect((await versions(admin)).json<SanctionsListVersionList>().items).toHaveLength(1);
  });

  it('takes the raw file as application/xml too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'x-requested-with': 'comptoir', 'content-type': 'application/xml' },
      cookies: withOperator(admin),
      payload: syntheticList('eu-list-amendment'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<SanctionsListImport>().version).toMatchObject({
      number: 2,
      added: 2,
      removed: 1,
      changed: 1,
    });
  });

  it('refuses a truncated or foreign file whole with 422 and a French reason; the version in force stays', async () => {
    const truncated = await upload(compliance.token, syntheticList('eu-list').subarray(0, 5_000));
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json()).toMatchObject({
      code: 'sanctions_list_invalid',
      detail: expect.stringMatching(
        /^Fichier XML incomplet ou mal formé \(ligne \d+\)\. La liste en vigueur reste inchangée\.$/,
      ),
    });
    const duplicate = await upload(
      compliance.token,
      listXml([
        { logicalId: 3, names: ['A B'] },
        { logicalId: 3, names: ['C D'] },
      ]),
    );
    expect(duplicate.json()).toMatchObject({
      status: 422,
      code: 'sanctions_list_invalid',
      detail:
        'L’identifiant 3 (logicalId) apparaît deux fois dans le fichier. La liste en vigueur reste inchangée.',
    });
    const list = (await versions(admin)).json<SanctionsListVersionList>().items;
    expect(list.map((v) => v.number)).toEqual([2, 1]);
  });

  it('names what is missing: no file, or a body that is neither multipart nor XML', async () => {
    const empty = await multipart({});
    const noFile = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'x-requested-with': 'comptoir', 'content-type': empty.contentType },
      cookies: withOperator(admin),
      payload: empty.body,
    });
    expect(noFile.json()).toMatchObject({ status: 400, code: 'file_missing' });
    const json = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: MUTATION,
      cookies: withOperator(admin),
      payload: {},
    });
    expect(json.json()).toMatchObject({ status: 415, code: 'sanctions_list_not_multipart' });
  });
});

describe('GET /api/backoffice/sanctions/lists', () => {
  it('lists every version newest first, with its hash, generation date, source, loader and counts', async () => {
    const res = await versions(compliance.token);
    expect(res.statusCode).toBe(200);
    const [newest, first] = res.json<SanctionsListVersionList>().items;
    expect(newest).toMatchObject({
      number: 2,
      generatedAt: '2025-02-03T09:00:00.000Z',
      source: 'upload',
      entryCount: 31,
      added: 2,
      removed: 1,
      changed: 1,
    });
    expect(newest?.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(first).toMatchObject({
      number: 1,
      loadedBy: compliance.operator.email,
      createdAt: expect.any(String),
    });
  });
});
