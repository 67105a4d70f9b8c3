import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDetail } from '@comptoir/contracts';
import { makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import {
  minimalPdf,
  patchOnboarding,
  pngImage,
  startOnboarding,
  uploadDocumentRequest,
} from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

async function application(): Promise<string> {
  const app = await startOnboarding(t);
  await patchOnboarding(t, app, { email: uniqueEmail(), documentCountry: 'LU', documentType: 'id_card' });
  return app;
}

const pdfSelfies = async () =>
  (
    await t.ctx.db.query<{ n: bigint }>(
      `select count(*) as n from onboarding_documents where kind = 'selfie' and mime = 'application/pdf'`,
    )
  ).rows[0]?.n;

describe('POST /api/onboarding/documents — selfie', () => {
  it('refuses a PDF as a selfie with a clear French 415, and stores nothing', async () => {
    const app = await application();
    const res = await uploadDocumentRequest(t, { app }, 'selfie', {
      bytes: minimalPdf(),
      name: 'selfie.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      code: 'selfie_not_a_photo',
      detail: errorDetail('selfie_not_a_photo'),
    });
    expect(await pdfSelfies()).toBe(0n);
  });

  it('accepts a photo as a selfie, and a PDF for the proof of address', async () => {
    const app = await application();
    const photo = await uploadDocumentRequest(t, { app }, 'selfie', {
      bytes: await pngImage(),
      name: 'selfie.png',
      type: 'image/png',
    });
    expect(photo.statusCode).toBe(201);
    const bill = await uploadDocumentRequest(t, { app }, 'proof_of_address', {
      bytes: minimalPdf(),
      name: 'facture.pdf',
      type: 'application/pdf',
    });
    expect(bill.statusCode).toBe(201);
  });
});
