import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIban, isIban, luxembourgIban } from '@comptoir/core';
import type { Account } from '@comptoir/contracts';
import { nextAccountSerial, openCustomerAccount } from '../../ledger/index.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { A4 } from '../../pdf/canvas.ts';
import { pdfFonts, pdfInfo, pdfPageSizes, pdfPages, pdfWords } from '../../pdf/__tests__/helpers.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';
import { NO_REFERENCE_NEEDED, RIB_TITLE, renderRibPdf, type RibDocument } from './rib-pdf.ts';
import { SANDBOX_NOTICE } from '../../pdf/sandbox-notice.ts';

let t: TestContext;
let owner: TestCustomer;
let cookie: string;
let main: Account;

// 3 March 2025, 10:00 in Luxembourg: the date of issue printed on the RIB.
const ISSUED_AT = Date.UTC(2025, 2, 3, 9, 0, 0);

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  t.clock.advance(ISSUED_AT - t.clock.now().getTime());
  owner = await makeCustomer(t.ctx, { firstName: 'Éloïse', lastName: 'Lefèvre-Dupont' });
  cookie = await signIn(t.app, owner);
  const accounts = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } });
  const found = accounts.json<Account[]>().find((a) => a.kind === 'main');
  if (!found) throw new Error('the owner has no main account');
  main = found;
});
afterAll(() => t.close());

const getRib = (accountId: string, session: string | null = cookie) =>
  t.app.inject({
    method: 'GET',
    url: `/api/accounts/${accountId}/rib.pdf`,
    headers: session ? { cookie: session } : {},
  });

/** The text lines of a one-page PDF, as pdftotext reads them. */
function shownText(bytes: Uint8Array): { lines: string[] } {
  const pages = pdfPages(bytes);
  expect(pages).toHaveLength(1);
  return { lines: pages[0]! };
}

/** Every word ends inside the page's 56 pt margins. */
function expectWithinMargins(bytes: Uint8Array): void {
  for (const w of pdfWords(bytes)) {
    expect(w.xMin, w.word).toBeGreaterThanOrEqual(56 - 0.5);
    expect(w.xMax, w.word).toBeLessThanOrEqual(A4[0] - 56 + 0.5);
  }
}

/** Tagged, in French, every font embedded (pdfinfo, pdffonts). */
function expectAccessible(bytes: Uint8Array): void {
  expect(pdfInfo(bytes).Tagged).toBe('yes');
  const fonts = pdfFonts(bytes);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true });
  expect(Buffer.from(bytes).toString('latin1')).toContain('/Lang (fr-FR)');
}

const expectProblem = (res: Awaited<ReturnType<typeof getRib>>, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const body = res.json<{ status: number; code: string; detail: string }>();
  expect(body).toMatchObject({ status, code, detail: expect.any(String) });
  return body;
};

describe('GET /api/accounts/:id/rib.pdf', () => {
  it('gives the owner a one-page A4 PDF with holder, IBAN in groups of four, BIC, bank and date', async () => {
    const res = await getRib(main.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(main.iban && isIban(main.iban)).toBe(true);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="RIB-Comptoir-${main.iban!.slice(-4)}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { lines } = shownText(res.rawPayload);
    expectWithinMargins(res.rawPayload);
    expectAccessible(res.rawPayload);
    expect(pdfPageSizes(res.rawPayload)).toEqual([{ width: A4[0], height: A4[1] }]);
    const info = pdfInfo(res.rawPayload);
    expect(info.Title).toBe(`${RIB_TITLE} — Éloïse Lefèvre-Dupont`);
    expect(info.CreationDate).toBe(new Date(ISSUED_AT).toISOString().replace('.000', ''));

    const institution = t.ctx.config.institution;
    expect(lines).toEqual(
      expect.arrayContaining([
        SANDBOX_NOTICE,
        RIB_TITLE,
        'Compte : Compte principal',
        'Titulaire du compte',
        'Éloïse Lefèvre-Dupont',
        'IBAN',
        formatIban(main.iban!),
        'BIC',
        institution.bic,
        'Banque',
        institution.name,
        'Adresse de la banque',
        institution.address.street,
        `${institution.address.postalCode} ${institution.address.city}`,
        'Émis le 3 mars 2025',
      ]),
    );
    expect(formatIban(main.iban!)).toMatch(/^LU\d{2}( [0-9A-Z]{4}){4}$/);
    // The sentence may wrap over several lines; put back together it is whole.
    expect(lines.join(' ')).toContain(NO_REFERENCE_NEEDED);
  });

  it('answers another customer’s account exactly like an unknown one: 404, nothing about it', async () => {
    const stranger = await makeCustomer(t.ctx, { firstName: 'Noé', lastName: 'Intrus' });
    const strangerCookie = await signIn(t.app, stranger);
    const theirs = await getRib(main.id, strangerCookie);
    const unknown = await getRib('999999999', strangerCookie);
    const theirsBody = expectProblem(theirs, 404, 'account_not_found');
    expect(theirsBody).toEqual(expectProblem(unknown, 404, 'account_not_found'));
    expect(theirs.body).not.toContain(main.iban!.slice(-4));
    expect(theirs.body).not.toContain('Lefèvre');
  });

  it('asks an anonymous caller to sign in: 401 problem JSON', async () => {
    expectProblem(await getRib(main.id, null), 401, 'unauthenticated');
  });

  it('answers unknown or malformed ids with a problem, never a 500', async () => {
    for (const id of ['999999999', '0', 'abc', '-1', '1e3', '99999999999999999999', '%20'])
      expectProblem(await getRib(id), 404, 'account_not_found');
    // Longer than any account id: refused by the route's schema.
    expectProblem(await getRib('9'.repeat(21)), 400, 'validation_failed');
  });

  it('refuses an account without an IBAN (an « Espace ») with a French 409', async () => {
    const space = await t.ctx.db.tx((q) =>
      openCustomerAccount(q, {
        customerId: owner.id,
        kind: 'customer_sub',
        name: 'Vacances',
        iban: null,
        openedAt: new Date(),
      }),
    );
    const body = expectProblem(await getRib(String(space.id)), 409, 'rib_iban_missing');
    expect(body.detail).toMatch(/IBAN/);
  });

  it('refuses a closed account with a 409', async () => {
    const closed = await t.ctx.db.tx(async (q) => {
      const iban = luxembourgIban(t.ctx.config.institution.bankCode, await nextAccountSerial(q));
      const account = await openCustomerAccount(q, {
        customerId: owner.id,
        kind: 'customer_sub',
        name: 'Ancien compte',
        iban,
        openedAt: new Date(),
      });
      await q.query(`update ledger_accounts set status = 'closed' where id = $1`, [String(account.id)]);
      return account;
    });
    expectProblem(await getRib(String(closed.id)), 409, 'rib_account_closed');
  });

  it('refuses a customer whose account is not open yet: 403', async () => {
    const applicant = await makeCustomer(t.ctx, { status: 'pending_review' });
    expectProblem(await getRib(main.id, await signIn(t.app, applicant)), 403, 'account_not_yet_open');
  });

  it('is documented in OpenAPI as a PDF, with problem JSON errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
      components: { schemas: Record<string, unknown> };
    }>();
    const responses = doc.paths['/api/accounts/{id}/rib.pdf']?.get?.responses;
    expect(Object.keys(responses?.['200']?.content ?? {})).toEqual(['application/pdf']);
    expect(Object.keys(responses?.['404']?.content ?? {})).toEqual(['application/problem+json']);
    expect(doc.components.schemas.RibPdf).toMatchObject({ type: 'string', format: 'binary' });
  });
});

describe('renderRibPdf', () => {
  const rib = (overrides: Partial<RibDocument> = {}): RibDocument => ({
    holder: 'Camille Martin',
    iban: 'LU280019400644750000',
    bic: 'CMPTLULLXXX',
    accountName: 'Compte principal',
    bank: {
      name: 'Comptoir',
      legalName: 'Comptoir S.A.',
      address: { street: '1, rue du Test', postalCode: 'L-1111', city: 'Luxembourg', country: 'Luxembourg' },
      registration: 'RCS Luxembourg B000000',
      phone: '+352 20 00 00 00',
      email: 'support@comptoir.example',
    },
    issuedAt: new Date(ISSUED_AT),
    sandbox: false,
    ...overrides,
  });

  it('prints a holder’s name in any European script exactly, with its fonts embedded, tagged', async () => {
    const bytes = await renderRibPdf(rib({ holder: 'Łukasz Żółć', accountName: 'Οικογένεια Ώρα' }));
    const { lines } = shownText(bytes);
    expect(lines).toContain('Łukasz Żółć');
    expect(lines).toContain('Compte : Οικογένεια Ώρα');
    expectAccessible(bytes);
    expect(pdfInfo(bytes).Title).toBe(`${RIB_TITLE} — Łukasz Żółć`);
  });

  it('prints what its font cannot show without its accents, or as « ? », never failing', async () => {
    const { lines } = shownText(await renderRibPdf(rib({ holder: 'Zoë Nguyễn 李' })));
    expect(lines).toContain('Zoë Nguyễn ?');
  });

  it('claims nothing fictitious for a real institution, and prints its registration', async () => {
    const { lines } = shownText(await renderRibPdf(rib()));
    expect(lines).not.toContain(SANDBOX_NOTICE);
    expect(lines.join(' ')).toContain('RCS Luxembourg B000000');
    expect(lines).toContain('LU28 0019 4006 4475 0000');
  });

  it('wraps a long bank name and address instead of running off the page', async () => {
    const long = 'Banque Coopérative et Mutualiste du Grand-Duché de Luxembourg et des Régions Voisines';
    const bytes = await renderRibPdf(
      rib({ accountName: long, bank: { ...rib().bank, name: long, legalName: long } }),
    );
    const { lines } = shownText(bytes);
    expect(lines.length).toBeGreaterThan(20);
    expectWithinMargins(bytes);
    expect(lines.join(' ')).toContain(long);
  });
});
