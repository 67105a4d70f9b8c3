// Test factories for onboarding, review and live-event tests (never imported by the server).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFStream,
  PDFString,
  type PDFObject,
} from '@cantoo/pdf-lib';
import type { DocumentKind, OnboardingSubmitRequest } from '@comptoir/contracts';
import type { TestContext } from '../../testing/test-context.ts';
import { MUTATION, uniqueEmail } from '../../testing/test-context.ts';
import { APPLICATION_COOKIE, CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { tokenFromMail } from '../auth/testing.ts';
import { AppError } from '../../errors.ts';
import { cleanDocument } from './document-file.ts';

export const APPLICANT_PASSWORD = 'Trois-Poires-Vertes-42';

/** A real photo-like PNG (noise, so it does not compress to nothing). */
export async function pngImage(width = 320, height = 200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a description marker and GPS coordinates (to prove they are stripped). */
export async function jpegWithGps(width = 320, height = 200): Promise<Buffer> {
  return sharp(await pngImage(width, height))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { ImageDescription: 'MARKER-SECRET-PLACE', Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '49/1 36/1 42/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '6/1 7/1 30/1',
      },
    })
    .toBuffer();
}

/** A 64×48 HEIC (HEVC) photo with EXIF, made once with libheif's heif-enc from a JPEG with GPS. */
export const heicWithExif = (): Buffer =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'gps.heic'));

/** A one-page PDF, written by hand; `padding` spaces between its objects make it as large as wanted. */
export const minimalPdf = (padding = 0): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
      '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 100]>> endobj\n' +
      ' '.repeat(padding) +
      'trailer <</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

/** A two-page PDF full of active content: scripts on opening and on page events, a launching link, an attached file, XFA. */
export async function pdfWithActiveContent(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]).drawText('Facture', { x: 10, y: 50 });
  doc.addPage([200, 100]);
  const { context, catalog } = doc;
  const script = (js: string) => context.obj({ S: 'JavaScript', JS: PDFString.of(js) });
  catalog.set(PDFName.of('OpenAction'), context.register(script('app.alert("ouvert")')));
  catalog.set(PDFName.of('AA'), context.obj({ WC: script('app.alert("fermé")') }));
  const attached = context.register(context.flateStream('MZ...', { Type: 'EmbeddedFile' }));
  catalog.set(
    PDFName.of('Names'),
    context.obj({
      JavaScript: { Names: [PDFString.of('init'), context.register(script('app.launchURL("x")'))] },
      EmbeddedFiles: {
        Names: [
          PDFString.of('outil.exe'),
          { Type: 'Filespec', F: PDFString.of('outil.exe'), EF: { F: attached } },
        ],
      },
    }),
  );
  catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [], XFA: PDFString.of('<xdp/>') }));
  const [first] = doc.getPages();
  first!.node.set(PDFName.of('AA'), context.obj({ O: script('this.print()') }));
  const link = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 100, 20],
    A: { S: 'Launch', F: PDFString.of('calc.exe'), Next: script('app.alert(2)') },
  });
  const file = context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [0, 0, 10, 10] });
  const goTo = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 30, 10, 40],
    Dest: [first!.ref, 'Fit'],
  });
  first!.node.set(PDFName.of('Annots'), context.obj([context.register(link), file, goTo]));
  return Buffer.from(await doc.save());
}

const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'OpenAction', 'AA', 'XFA', 'EmbeddedFiles', 'Launch']);
const ACTIVE_TYPES = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'URI',
  'FileAttachment',
]);

/** Every piece of active content left in a PDF, found by walking all its objects (object streams included). */
export async function activeContentOf(bytes: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const found: string[] = [];
  const seen = new Set<PDFObject>();
  const walk = (object: PDFObject | undefined): void => {
    if (object === undefined || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFArray) object.asArray().forEach(walk);
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    for (const [key, value] of dict?.entries() ?? []) {
      if (ACTIVE_KEYS.has(key.decodeText())) found.push(`/${key.decodeText()}`);
      if (value instanceof PDFName && ACTIVE_TYPES.has(value.decodeText()))
        found.push(`/${value.decodeText()}`);
      walk(value);
    }
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) walk(object);
  walk(doc.context.trailerInfo.Root);
  return found;
}

/** The first bytes of an ELF program (what a renamed executable starts with). */
export const elfProgram = (): Buffer =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 0x90)]);

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

/** How cleanDocument refuses `bytes` (status, code, French detail); throws if it accepts them. */
export async function cleaningRefusal(
  bytes: Buffer,
): Promise<{ status: number; code: string; detail: string }> {
  try {
    await cleanDocument(bytes);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, detail: error.detail };
    throw error;
  }
  throw new Error('accepted');
}
