import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFDocument } from '@cantoo/pdf-lib';
import { MAX_DOCUMENT_BYTES, ONBOARDING_MESSAGES } from '@comptoir/contracts';
import { makeTestContext, MUTATION, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import { verifyPassword } from '../../crypto/password.ts';
import { tokenHash } from '../../crypto/seal.ts';
import { APPLICATION_COOKIE, CUSTOMER_COOKIE } from '../../http/cookies.ts';
import { openTaxId } from '../customers/index.ts';
import { getMe } from '../auth/__tests__/testing.ts';
import { mailsTo } from '../../testing/mailbox.ts';
import { makeCustomer } from '../../testing/customers.ts';
import { deleteStoredFiles } from '../../storage/file-deletions.ts';
import {
  activeContentOf,
  completeApplication,
  cookieValue,
  elfProgram,
  jar,
  jpegWithGps,
  minimalPdf,
  multipart,
  patchOnboarding,
  pdfWithActiveContent,
  pngImage,
  resendRequest,
  startOnboarding,
  submitBody,
  submitRequest,
  templatesTo,
  uploadDocumentRequest,
  uploadOk,
  verifyEmailRequest,
} from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

/** Every file under $DATA_DIR/files. */
function storedFiles(): string[] {
  const root = join(t.ctx.config.dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  try {
    walk(root);
  } catch {
    return [];
  }
  return out;
}

describe('step 1: the application', () => {
  it('is created server-side with an opaque HttpOnly, Secure, SameSite=Strict __Host- cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: MUTATION,
      payload: { country: 'fr', income: 'lt_1500', profession: ' Boulanger ' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === APPLICATION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie.maxAge).toBeUndefined();
    expect(res.json()).toMatchObject({
      country: 'FR',
      income: 'lt_1500',
      profession: 'Boulanger',
      emailMasked: null,
      nextPath: '/inscription3',
      readyToSubmit: false,
    });
    // The database holds only a hash of the token.
    const { rows } = await t.ctx.db.query('select 1 from onboarding_applications where token_hash = $1', [
      cookie.value,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('requires every field, with « Veuillez remplir tous les champs »', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: MUTATION,
      payload: { country: 'FR', profession: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { message: string }[] }>().errors.map((e) => e.message)).toEqual([
      ONBOARDING_MESSAGES.required,
      ONBOARDING_MESSAGES.required,
    ]);
  });

  it('needs the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { 'content-type': 'application/json' },
      payload: { country: 'FR', income: 'lt_1500', profession: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('resumes: GET returns the state; null (200, not an error) without a cookie or with a forged one', async () => {
    const app = await startOnboarding(t);
    const email = uniqueEmail('resume');
    await patchOnboarding(t, app, { email });
    const res = await t.app.inject({ method: 'GET', url: '/api/onboarding', cookies: jar({ app }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailMasked: `r•••@exemple.test`, nextPath: '/inscription5' });
    expect(res.body).not.toContain(email);
    const none = await t.app.inject({ method: 'GET', url: '/api/onboarding' });
    expect([none.statusCode, none.body]).toEqual([200, 'null']);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      cookies: jar({ app: 'x'.repeat(43) }),
    });
    expect([forged.statusCode, forged.body]).toEqual([200, 'null']);
  });

  it('POST again with the cookie updates step 1 of the same application', async () => {
    const app = await startOnboarding(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: MUTATION,
      cookies: jar({ app }),
      payload: { country: 'BE', income: 'gt_10000', profession: 'Pilote' },
    });
    expect(res.statusCode).toBe(201);
    expect(cookieValue(res, APPLICATION_COOKIE)).toBeUndefined();
    expect(res.json()).toMatchObject({ country: 'BE', income: 'gt_10000' });
  });
});

describe('steps 3 and 5', () => {
  it('validates the e-mail with the product’s messages and accepts any address (no enumeration)', async () => {
    const app = await startOnboarding(t);
    const empty = await patchOnboarding(t, app, { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe(ONBOARDING_MESSAGES.emailRequired);
    const bad = await patchOnboarding(t, app, { email: 'pas-une-adresse' });
    expect(bad.json().errors[0].message).toBe(ONBOARDING_MESSAGES.emailInvalid);
    const taken = await makeCustomer(t.ctx);
    const ok = await patchOnboarding(t, app, { email: taken.email });
    expect(ok.statusCode).toBe(200);
    const fresh = await patchOnboarding(t, app, { email: uniqueEmail() });
    expect(Object.keys(ok.json())).toEqual(Object.keys(fresh.json()));
  });

  it('stores the document country and type and lists the files needed', async () => {
    const app = await startOnboarding(t);
    const res = await patchOnboarding(t, app, {
      email: uniqueEmail(),
      documentCountry: 'LU',
      documentType: 'passport',
    });
    expect(res.json()).toMatchObject({
      documentCountry: 'LU',
      documentType: 'passport',
      requiredDocumentKinds: ['passport', 'selfie', 'proof_of_address'],
      nextPath: '/signPassport',
    });
    expect((await patchOnboarding(t, app, { documentType: 'driving_licence' })).statusCode).toBe(400);
    expect((await patchOnboarding(t, app, {})).statusCode).toBe(400);
  });
});

describe('uploads', () => {
  const idCardApplication = async () => {
    const app = await startOnboarding(t);
    await patchOnboarding(t, app, { email: uniqueEmail(), documentCountry: 'LU', documentType: 'id_card' });
    return app;
  };

  it('refuses a program renamed .png (415) and stores nothing', async () => {
    const app = await idCardApplication();
    const before = storedFiles().length;
    const res = await uploadDocumentRequest(t, { app }, 'id_front', {
      bytes: elfProgram(),
      name: 'photo.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      code: 'file_type_unsupported',
      detail: ONBOARDING_MESSAGES.fileType,
    });
    expect(storedFiles().length).toBe(before);
  });

  it('refuses an 11 MB file (413)', async () => {
    const app = await idCardApplication();
    const bytes = Buffer.concat([await pngImage(), Buffer.alloc(11 * 1024 * 1024 - 1000, 7)]);
    expect(bytes.length).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    const res = await uploadDocumentRequest(t, { app }, 'id_front', {
      bytes,
      name: 'scan.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file_too_large', detail: ONBOARDING_MESSAGES.fileTooLarge });
  });

  it('accepts a file of exactly 10 MB (a PDF)', async () => {
    const app = await idCardApplication();
    const bytes = minimalPdf(MAX_DOCUMENT_BYTES - minimalPdf().length);
    expect(bytes.length).toBe(MAX_DOCUMENT_BYTES);
    const res = await uploadDocumentRequest(t, { app }, 'proof_of_address', {
      bytes,
      name: 'facture.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'proof_of_address',
      mime: 'application/pdf',
    });
    // Stored rewritten (pdf-cleaning.ts): the padding is gone.
    expect(res.json<{ size: number }>().size).toBeLessThan(10_000);
  });

  it('stores files encrypted under random names: no plaintext image on disk', async () => {
    const app = await idCardApplication();
    const before = new Set(storedFiles());
    const image = await jpegWithGps();
    const res = await uploadDocumentRequest(t, { app }, 'selfie', {
      bytes: image,
      name: 'IMG_0001.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(201);
    const added = storedFiles().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const path = added[0]!;
    expect(path).toMatch(/[/\\][0-9a-f]{2}[/\\][0-9a-f]{32}$/);
    expect(path).not.toContain('IMG_0001');
    expect(path).not.toContain(res.json().id);
    const raw = readFileSync(path);
    // No JPEG start-of-image marker at the start, nor the quantisation and frame headers the image
    // has (five bytes: random ciphertext does not hold them by chance, as it may three).
    const headers = [
      Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]),
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08]),
    ];
    expect(raw.subarray(0, 3).equals(image.subarray(0, 3))).toBe(false);
    for (const header of headers) {
      expect(image.includes(header)).toBe(true);
      expect(raw.includes(header)).toBe(false);
    }
    expect(raw.includes('JFIF') || raw.includes('Exif') || raw.includes('MARKER-SECRET-PLACE')).toBe(false);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('needs a known kind, a file, and a chosen document type', async () => {
    const app = await idCardApplication();
    const file = { bytes: await pngImage(), name: 'a.png', type: 'image/png' };
    expect((await uploadDocumentRequest(t, { app }, 'id_front', file, 'file-first')).statusCode).toBe(201);
    const noKind = await multipart({ file });
    const missingKind = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/documents',
      headers: { 'x-requested-with': 'comptoir', 'content-type': noKind.contentType },
      cookies: jar({ app }),
      payload: noKind.body,
    });
    expect(missingKind.statusCode).toBe(400);
    const noFile = await multipart({ kind: 'selfie' });
    const missingFile = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/documents',
      headers: { 'x-requested-with': 'comptoir', 'content-type': noFile.contentType },
      cookies: jar({ app }),
      payload: noFile.body,
    });
    expect(missingFile.json()).toMatchObject({ status: 400, detail: ONBOARDING_MESSAGES.fileMissing });
    expect((await uploadDocumentRequest(t, { app }, 'bank_card', file)).statusCode).toBe(400);
    expect((await uploadDocumentRequest(t, { app }, 'passport', file)).statusCode).toBe(409);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/documents',
      headers: MUTATION,
      cookies: jar({ app }),
      payload: { kind: 'id_front' },
    });
    expect(json.statusCode).toBe(415);
    const noType = await startOnboarding(t);
    expect((await uploadDocumentRequest(t, { app: noType }, 'id_front', file)).statusCode).toBe(409);
  });

  it('refuses anonymous callers and applications of others', async () => {
    const file = { bytes: await pngImage(), name: 'a.png', type: 'image/png' };
    expect((await uploadDocumentRequest(t, {}, 'selfie', file)).statusCode).toBe(401);
    const active = await makeCustomer(t.ctx);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: MUTATION,
      payload: { email: active.email, password: active.password },
    });
    const session = cookieValue(login, CUSTOMER_COOKIE)!;
    expect((await uploadDocumentRequest(t, { session }, 'selfie', file)).statusCode).toBe(403);
  });

  it('replaces a file of the same kind and deletes the previous one from the store', async () => {
    const app = await idCardApplication();
    const before = storedFiles().length;
    await uploadOk(t, { app }, 'selfie');
    await uploadOk(t, { app }, 'selfie');
    expect(storedFiles().length).toBe(before + 1);
    const state = await t.app.inject({ method: 'GET', url: '/api/onboarding', cookies: jar({ app }) });
    expect(state.json().documents).toHaveLength(1);
  });

  it('switching to a passport drops the identity-card files', async () => {
    const app = await idCardApplication();
    await uploadOk(t, { app }, 'id_front');
    const res = await patchOnboarding(t, app, { documentType: 'passport' });
    expect(res.json().documents).toEqual([]);
  });

  it('caps the uploads of one application', async () => {
    const app = await idCardApplication();
    const { rows } = await t.ctx.db.query<{ id: string }>(
      'update onboarding_applications set upload_count = 40 where token_hash = $1 returning id',
      [tokenHash(app)],
    );
    expect(rows).toHaveLength(1);
    const file = { bytes: await pngImage(), name: 'a.png', type: 'image/png' };
    const res = await uploadDocumentRequest(t, { app }, 'selfie', file);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('Nombre maximal');
  });

  it('stores an uploaded PDF without its active content, pages kept', async () => {
    const app = await idCardApplication();
    const doc = await uploadDocumentRequest(t, { app }, 'proof_of_address', {
      bytes: await pdfWithActiveContent(),
      name: 'facture.pdf',
      type: 'application/pdf',
    });
    expect(doc.statusCode, doc.body).toBe(201);
    const id = doc.json<{ id: string }>().id;
    const { rows } = await t.ctx.db.query<{ storage_key: string }>(
      'select storage_key from onboarding_documents where id = $1',
      [id],
    );
    const stored = (await t.ctx.files.get(rows[0]!.storage_key, id))!;
    expect(await activeContentOf(stored)).toEqual([]);
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(2);
  });

  it('re-encoded images keep no EXIF or GPS (checked through the back-office copy in review tests)', async () => {
    const app = await idCardApplication();
    const doc = await uploadDocumentRequest(t, { app }, 'selfie', {
      bytes: await jpegWithGps(),
      name: 'gps.jpg',
      type: 'image/jpeg',
    });
    expect(doc.json()).toMatchObject({ mime: 'image/jpeg' });
    const { rows } = await t.ctx.db.query<{ size: number }>(
      'select size from onboarding_documents where id = $1',
      [doc.json().id],
    );
    const { rows: keys } = await t.ctx.db.query<{ storage_key: string }>(
      'select storage_key from onboarding_documents where id = $1',
      [doc.json().id],
    );
    const plain = (await t.ctx.files.get(keys[0]!.storage_key, doc.json<{ id: string }>().id))!;
    expect(plain.length).toBe(rows[0]!.size);
    expect((await sharp(plain).metadata()).exif).toBeUndefined();
  });
});

describe('step 6: submit', () => {
  it('creates the pending_email customer with an argon2id password and mails the link, opening no session', async () => {
    const email = uniqueEmail('submit');
    const app = await completeApplication(t, email);
    const res = await submitRequest(t, app, submitBody({ phone: '+33 6 12 34 56 78' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ emailMasked: 's•••@exemple.test', next: '/check-your-mailbox' });
    // No session, and the application cookie stays (resend, then the link's first session).
    expect(res.cookies).toEqual([]);

    const { rows } = await t.ctx.db.query<{
      status: string;
      first_name: string;
      phone: string;
      password_hash: string;
      birth_date: string;
      income_range: string;
      id: string;
      tax_id: string | null;
      tax_id_sealed: string;
    }>(
      `select status, first_name, phone, password_hash, to_char(birth_date, 'YYYY-MM-DD') as birth_date,
              income_range, id, tax_id, tax_id_sealed from customers where email = $1`,
      [email],
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[0]!.password_hash, submitBody().password)).toBe(true);
    expect(rows[0]).toMatchObject({
      status: 'pending_email',
      first_name: 'Camille',
      phone: '+33612345678',
      birth_date: '1990-04-12',
      income_range: '1500_3000',
      tax_id: null,
    });
    // The tax number is stored sealed only, bound to this customer.
    expect(rows[0]!.tax_id_sealed).not.toContain('1234567890123');
    expect(openTaxId(t.ctx, rows[0]!.id, rows[0]!.tax_id_sealed)).toBe('1234567890123');

    expect(await templatesTo(t, email)).toEqual(['email_verification']);
    const mails = await mailsTo(t.ctx, email);
    expect(
      mails[0]!.links.some((l) => l.startsWith(`${t.ctx.config.publicUrl}/check-your-mailbox?token=`)),
    ).toBe(true);
    // The application is submitted: the cookie cannot submit it again.
    expect((await submitRequest(t, app, submitBody())).statusCode).toBe(404);
  });

  it('answers the same for an already-registered address, which gets the notice mail instead', async () => {
    // The owner's password is not the one the newcomer chooses.
    const existing = await makeCustomer(t.ctx, { password: 'Le-Mot-De-Passe-Du-Titulaire-77' });
    const dupApp = await completeApplication(t, existing.email.toUpperCase());
    const before = storedFiles().length;
    const { rows: dupDocuments } = await t.ctx.db.query<{ storage_key: string }>(
      `select d.storage_key from onboarding_documents d
         join onboarding_applications a on a.id = d.application_id
        where lower(a.email) = lower($1)`,
      [existing.email],
    );
    const freshEmail = uniqueEmail('fresh');
    const freshApp = await completeApplication(t, freshEmail);
    const dup = await submitRequest(t, dupApp, submitBody());
    const fresh = await submitRequest(t, freshApp, submitBody());

    expect(dup.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(dup.json())).toEqual(Object.keys(fresh.json()));
    expect(dup.json().next).toBe(fresh.json().next);
    expect(dup.cookies).toEqual(fresh.cookies);
    expect(Object.keys(dup.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    // Signing in with the password just chosen: the same refusal in both cases.
    const login = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: MUTATION,
        payload: { email, password: submitBody().password },
      });
    const dupLogin = await login(existing.email);
    const freshLogin = await login(freshEmail);
    expect(dupLogin.statusCode).toBe(401);
    expect(freshLogin.statusCode).toBe(401);
    expect(dupLogin.json()).toEqual(freshLogin.json());

    // « Renvoyer l'e-mail »: the same limits and answers in both cases.
    const tooSoon = [await resendRequest(t, dupApp), await resendRequest(t, freshApp)];
    expect(tooSoon.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(tooSoon[0]!.json()).toEqual(tooSoon[1]!.json());
    t.clock.advance(61_000);
    const resent = [await resendRequest(t, dupApp), await resendRequest(t, freshApp)];
    expect(resent.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(resent[0]!.body).toBe(resent[1]!.body);

    // The existing customer is untouched; their address got the notice, twice.
    const { rows } = await t.ctx.db.query<{ password_hash: string; status: string }>(
      'select password_hash, status from customers where id = $1',
      [existing.id],
    );
    expect(await verifyPassword(rows[0]!.password_hash, existing.password)).toBe(true);
    expect(rows[0]!.status).toBe('active');
    expect(await templatesTo(t, existing.email)).toEqual(['already_registered', 'already_registered']);
    expect(await templatesTo(t, freshEmail)).toEqual(['email_verification', 'email_verification']);
    // The documents of that application are not kept: the storage job deletes their files.
    expect(
      await deleteStoredFiles(
        t.ctx,
        dupDocuments.map((d) => d.storage_key),
      ),
    ).toBe(4);
    expect(storedFiles().length).toBe(before);
  });

  it('applies the password rule, the confirmation and the age rule with French reasons', async () => {
    const app = await completeApplication(t, uniqueEmail('rules'));
    const weak = await submitRequest(
      t,
      app,
      submitBody({ password: 'motdepasse123', passwordConfirmation: 'motdepasse123' }),
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual({
      path: 'password',
      message: 'Ce mot de passe est trop courant.',
    });
    const short = await submitRequest(
      t,
      app,
      submitBody({ password: 'Court-1', passwordConfirmation: 'Court-1' }),
    );
    expect(short.json().errors[0].message).toContain('au moins 12 caractères');
    const mismatch = await submitRequest(
      t,
      app,
      submitBody({ passwordConfirmation: 'Autre-Chose-Encore-42' }),
    );
    expect(mismatch.json().errors).toContainEqual({
      path: 'passwordConfirmation',
      message: ONBOARDING_MESSAGES.passwordMismatch,
    });
    const now = t.clock.now();
    const minor = `${now.getUTCFullYear() - 17}-01-01`;
    const young = await submitRequest(t, app, submitBody({ birthDate: minor }));
    expect(young.json().errors).toContainEqual({ path: 'birthDate', message: ONBOARDING_MESSAGES.underage });
    const phone = await submitRequest(t, app, submitBody({ phone: '0612345678' }));
    expect(phone.json().errors).toContainEqual({ path: 'phone', message: ONBOARDING_MESSAGES.phoneInvalid });
    const empty = await submitRequest(t, app, { ...submitBody(), city: '' });
    expect(empty.json().errors).toContainEqual({ path: 'city', message: ONBOARDING_MESSAGES.required });
    // Nothing was created by any of these.
    expect((await submitRequest(t, app, submitBody())).statusCode).toBe(201);
  });

  it('refuses an incomplete application (409) and a missing one (404)', async () => {
    const app = await startOnboarding(t);
    await patchOnboarding(t, app, { email: uniqueEmail(), documentCountry: 'LU', documentType: 'id_card' });
    await uploadOk(t, { app }, 'id_front');
    const res = await submitRequest(t, app, submitBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Votre dossier est incomplet : carte d’identité (verso), selfie, justificatif de domicile manquant.',
    );
    expect((await submitRequest(t, undefined, submitBody())).statusCode).toBe(404);
  });
});

describe('e-mail verification', () => {
  const submitted = async () => {
    const email = uniqueEmail('verify');
    const app = await completeApplication(t, email, 'passport');
    expect((await submitRequest(t, app, submitBody())).statusCode).toBe(201);
    return { email, app };
  };
  const tokenOf = async (email: string, index = 0) => {
    const link = (await mailsTo(t.ctx, email))[index]!.links.find((l) => l.includes('token='))!;
    return new URL(link).searchParams.get('token')!;
  };

  it('the link moves the customer to pending_review, once, and opens the first session in the submitting browser', async () => {
    const { email, app } = await submitted();
    const res = await verifyEmailRequest(t, await tokenOf(email), app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending_review', signedIn: true });
    const session = cookieValue(res, CUSTOMER_COOKIE)!;
    expect(session).toBeTruthy();
    expect(res.cookies.find((c) => c.name === APPLICATION_COOKIE)?.value).toBe('');
    expect((await getMe(t.app, `${CUSTOMER_COOKIE}=${session}`)).json()).toMatchObject({
      email,
      status: 'pending_review',
    });
    const again = await verifyEmailRequest(t, await tokenOf(email), app);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
    expect(again.cookies).toEqual([]);
  });

  it('opened elsewhere (or with another application), it confirms the address and opens no session', async () => {
    const { email } = await submitted();
    const other = await submitted();
    const res = await verifyEmailRequest(t, await tokenOf(email), other.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending_review', signedIn: false });
    expect(res.cookies).toEqual([]);
    // The other application is still waiting for its own link.
    expect((await verifyEmailRequest(t, await tokenOf(other.email), other.app)).json().signedIn).toBe(true);
    // Verified, the applicant signs in with their password.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: MUTATION,
      payload: { email, password: submitBody().password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().me.status).toBe('pending_review');
  });

  it('refuses an unknown or expired token', async () => {
    const bogus = await verifyEmailRequest(t, 'A'.repeat(43));
    expect(bogus.json().code).toBe('invalid_token');
    const { email, app } = await submitted();
    const token = await tokenOf(email);
    t.clock.advance(25 * 3600 * 1000);
    try {
      const late = await verifyEmailRequest(t, token, app);
      expect(late.json().code).toBe('invalid_token');
      expect(late.cookies).toEqual([]);
    } finally {
      t.clock.advance(-25 * 3600 * 1000);
    }
  });

  it('resend sends a new link, 60 s apart and 5 an hour per application', async () => {
    const { email, app } = await submitted();
    const tooSoon = await resendRequest(t, app);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'verification_email_too_soon', retryAfterSeconds: 60 });
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await resendRequest(t, app)).statusCode).toBe(202);
    }
    t.clock.advance(61_000);
    const hourly = await resendRequest(t, app);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json()).toMatchObject({ code: 'verification_email_too_soon', retryAfterSeconds: 3600 });
    expect(await templatesTo(t, email)).toEqual(Array(5).fill('email_verification'));
    // Once the oldest mail is an hour old, one more is allowed; the latest link works.
    t.clock.advance(3600_000);
    expect((await resendRequest(t, app)).statusCode).toBe(202);
    expect((await verifyEmailRequest(t, await tokenOf(email, 5), app)).json().signedIn).toBe(true);

    // Without the cookie, or once verified, there is nothing to resend.
    const none = await resendRequest(t, undefined);
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
    t.clock.advance(61_000);
    expect((await resendRequest(t, app)).statusCode).toBe(404);
  });
});

describe('per-IP rate limits', () => {
  it('limit the resend call', async () => {
    const limited = await makeTestContext();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email/resend',
          headers: MUTATION,
          payload: {},
          remoteAddress: '203.0.113.9',
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5).every((c) => c === 404)).toBe(true);
      expect(codes[5]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
