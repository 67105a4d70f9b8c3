import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer } from '../../testing/customers.ts';
import { deleteStoredFiles } from '../../storage/file-deletions.ts';
import { completeApplication, submitBody, submitRequest } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

/** How many encrypted files this test's $DATA_DIR holds. */
const storedFileCount = (): number =>
  readdirSync(join(t.ctx.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  ).length;

const auditActions = async (customerId: string) =>
  (
    await t.ctx.db.query<{ action: string }>('select action from audit_log where customer_id = $1', [
      customerId,
    ])
  ).rows.map((r) => r.action);

describe('submit: the same work whether the address has an account or not (timing)', () => {
  it('a registered address deletes no file during the request and writes an audit row, like a new one', async () => {
    const owner = await makeCustomer(t.ctx);
    const duplicate = await completeApplication(t, owner.email, 'passport');
    const freshEmail = uniqueEmail('nouveau');
    const fresh = await completeApplication(t, freshEmail, 'passport');
    const files = storedFileCount();
    const { rows: documents } = await t.ctx.db.query<{ storage_key: string }>(
      `select d.storage_key from onboarding_documents d
         join onboarding_applications a on a.id = d.application_id
        where a.email = $1`,
      [owner.email],
    );

    expect((await submitRequest(t, duplicate, submitBody())).statusCode).toBe(201);
    expect((await submitRequest(t, fresh, submitBody())).statusCode).toBe(201);
    // Deleting the duplicate's 3 files would make its answer slower: the storage job does it later.
    expect(storedFileCount()).toBe(files);
    expect(await auditActions(owner.id)).toEqual(['customer.duplicate_application']);
    const { rows } = await t.ctx.db.query<{ id: string }>('select id from customers where email = $1', [
      freshEmail,
    ]);
    expect(await auditActions(rows[0]!.id)).toEqual(['customer.registered']);

    // Queued in the submit's transaction: the job (flushStorageDeletions) finds and deletes them.
    const { rows: queued } = await t.ctx.db.query<{ storage_key: string }>(
      'select storage_key from storage_deletions where storage_key = any($1::text[])',
      [documents.map((d) => d.storage_key)],
    );
    expect(queued).toHaveLength(3);
    expect(
      await deleteStoredFiles(
        t.ctx,
        queued.map((q) => q.storage_key),
      ),
    ).toBe(3);
    expect(storedFileCount()).toBe(files - 3);
  });
});
