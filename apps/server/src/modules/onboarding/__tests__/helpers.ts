// Test factories for onboarding, review and live-event tests (never imported by the server).
import type { LightMyRequestResponse } from 'fastify';
import type { DocumentKind, OnboardingSubmitRequest } from '@comptoir/contracts';
import type { TestContext } from '../../../testing/test-basics.ts';
import { MUTATION, uniqueEmail } from '../../../testing/test-basics.ts';
import { APPLICATION_COOKIE, CUSTOMER_COOKIE } from '../../../http/cookies.ts';
import { tokenFromMail } from '../../../testing/mailbox.ts';
import { pngImage } from '../../../storage/__tests__/document-samples.ts';

// The sample documents (images, PDFs, a program) live with the cleaning they exercise.
export {
  activeContentOf,
  cleaningRefusal,
  elfProgram,
  heicWithExif,
  jpegWithGps,
  minimalPdf,
  pdfWithActiveContent,
  pngImage,
} from '../../../storage/__tests__/document-samples.ts';

export const APPLICANT_PASSWORD = 'Trois-Poires-Vertes-42';

/** A multipart body, built by the platform's FormData (fields in insertion order). */
export async function multipart(
  fields: { kind?: string; file?: { bytes: Buffer; name: string; type: string } },
  order: 'kind-first' | 'file-first' = 'kind-first',
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  const addKind = () => fields.kind !== undefined && form.append('kind', fields.kind);
  const addFile = () =>
    fields.file &&
    form.append(
      'file',
      new Blob([new Uint8Array(fields.file.bytes)], { type: fields.file.type }),
      fields.file.name,
    );
  if (order === 'kind-first') {
    addKind();
    addFile();
  } else {
    addFile();
    addKind();
  }
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

export const cookieValue = (res: LightMyRequestResponse, name: string): string | undefined =>
  res.cookies.find((c) => c.name === name)?.value;

/** Cookies for inject: the application cookie and/or the customer session. */
export const jar = (c: { app?: string; session?: string }): Record<string, string> => ({
  ...(c.app ? { [APPLICATION_COOKIE]: c.app } : {}),
  ...(c.session ? { [CUSTOMER_COOKIE]: c.session } : {}),
});

export async function startOnboarding(t: TestContext): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding',
    headers: MUTATION,
    payload: { country: 'FR', income: '1500_3000', profession: 'Infirmière' },
  });
  const token = cookieValue(res, APPLICATION_COOKIE);
  if (res.statusCode !== 201 || !token) throw new Error(`start: ${res.statusCode} ${res.body}`);
  return token;
}

export const patchOnboarding = (t: TestContext, app: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/onboarding',
    headers: MUTATION,
    cookies: jar({ app }),
    payload,
  });

export async function uploadDocumentRequest(
  t: TestContext,
  cookies: { app?: string; session?: string },
  kind: string,
  file: { bytes: Buffer; name: string; type: string },
  order: 'kind-first' | 'file-first' = 'kind-first',
) {
  const { body, contentType } = await multipart({ kind, file }, order);
  return t.app.inject({
    method: 'POST',
    url: '/api/onboarding/documents',
    headers: { 'x-requested-with': 'comptoir', 'content-type': contentType },
    cookies: jar(cookies),
    payload: body,
  });
}

export async function uploadOk(
  t: TestContext,
  cookies: { app?: string; session?: string },
  kind: DocumentKind,
) {
  const res = await uploadDocumentRequest(t, cookies, kind, {
    bytes: await pngImage(),
    name: `${kind}.png`,
    type: 'image/png',
  });
  if (res.statusCode !== 201) throw new Error(`upload ${kind}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string; kind: DocumentKind }>();
}

export const submitBody = (overrides: Partial<OnboardingSubmitRequest> = {}): OnboardingSubmitRequest => ({
  firstName: 'Camille',
  lastName: 'Martin',
  gender: 'female',
  birthDate: '1990-04-12',
  phone: '+33612345678',
  address: '12 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
  taxCountry: 'FR',
  taxId: '1234567890123',
  password: APPLICANT_PASSWORD,
  passwordConfirmation: APPLICANT_PASSWORD,
  ...overrides,
});

export const submitRequest = (t: TestContext, app: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/onboarding/submit',
    headers: MUTATION,
    cookies: jar(app ? { app } : {}),
    payload,
  });

/** Steps 1–5 with every document uploaded; returns the application cookie. */
export async function completeApplication(
  t: TestContext,
  email: string,
  documentType: 'id_card' | 'passport' = 'id_card',
): Promise<string> {
  const app = await startOnboarding(t);
  const patched = await patchOnboarding(t, app, { email, documentCountry: 'LU', documentType });
  if (patched.statusCode !== 200) throw new Error(`patch: ${patched.statusCode} ${patched.body}`);
  const kinds: DocumentKind[] =
    documentType === 'id_card'
      ? ['id_front', 'id_back', 'selfie', 'proof_of_address']
      : ['passport', 'selfie', 'proof_of_address'];
  for (const kind of kinds) await uploadOk(t, { app }, kind);
  return app;
}

export interface Applicant {
  id: string;
  email: string;
  password: string;
  /** The application cookie value (bound to the submitted application until verification). */
  app: string;
  /** The customer session token (cookie value), opened by the verification link; '' when unverified. */
  session: string;
}

/** The templates of the mails queued for an address, oldest first. */
export async function templatesTo(t: TestContext, to: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ template: string }>(
    'select template from mail_outbox where lower(to_address) = lower($1) order by id',
    [to],
  );
  return rows.map((r) => r.template);
}

export const verifyEmailRequest = (t: TestContext, token: string, app?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    headers: MUTATION,
    cookies: jar(app ? { app } : {}),
    payload: { token },
  });

export const resendRequest = (t: TestContext, app: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    headers: MUTATION,
    cookies: jar(app ? { app } : {}),
    payload: {},
  });

/**
 * A submitted applicant; unless `verified: false`, the mailed link was followed in the same
 * browser (→ pending_review, signed in).
 */
export async function newApplicant(
  t: TestContext,
  options: { verified?: boolean; lastName?: string; documentType?: 'id_card' | 'passport' } = {},
): Promise<Applicant> {
  const email = uniqueEmail('applicant');
  const app = await completeApplication(t, email, options.documentType);
  const res = await submitRequest(t, app, submitBody(options.lastName ? { lastName: options.lastName } : {}));
  if (res.statusCode !== 201) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  let session = '';
  if (options.verified ?? true) {
    const verified = await verifyEmailRequest(t, await tokenFromMail(t.ctx, email, 'token'), app);
    session = cookieValue(verified, CUSTOMER_COOKIE) ?? '';
    if (verified.statusCode !== 200 || !session)
      throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
  }
  const { rows } = await t.ctx.db.query<{ id: string }>(
    'select id from customers where lower(email) = lower($1)',
    [email],
  );
  return { id: rows[0]!.id, email, password: APPLICANT_PASSWORD, app, session };
}
