import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros, formatIban, statementMonthOf } from '@comptoir/core';
import type { Account } from '@comptoir/contracts';
import { openCustomerAccount } from '../../ledger/index.ts';
import { A4 } from '../../pdf/canvas.ts';
import { pdfFonts } from '../../pdf/__tests__/helpers.ts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn, type TestCustomer } from '../../testing/customers.ts';
import { buildStatement } from './statement-service.ts';
import { CSV_HEADER } from './statement-csv.ts';
import { CERTIFICATE_TITLE, ON_REQUEST } from './certificate-pdf.ts';
import { STATEMENT_TITLE } from './statement-pdf.ts';
import {
  backdateAccount,
  book,
  cachedBalance,
  decimalCents,
  frenchCents,
  ledgerMonth,
  pagesText,
  parseCsv,
  pendingAndVoided,
  validateCamt053,
  type Booking,
} from './__tests__/helpers.ts';

let t: TestContext;
let owner: TestCustomer;
let cookie: string;
let main: Account;

const HOUR = 3_600_000;
/**
 * A Luxembourg wall-clock time as an instant, by the rules written out by hand (not the code under
 * test): CET (UTC+1) but for summer time, from 2025-03-30 03:00 to 2025-10-26 03:00 local and from
 * 2026-03-29 03:00 local (UTC+2).
 */
function lux(y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date {
  const wall = Date.UTC(y, m - 1, d, h, mi, s, ms);
  const summer =
    (wall >= Date.UTC(2025, 2, 30, 3) && wall < Date.UTC(2025, 9, 26, 3)) || wall >= Date.UTC(2026, 2, 29, 3);
  return new Date(wall - (summer ? 2 : 1) * HOUR);
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const NASTY_REFERENCE = '=HYPERLINK("http://x";"clic") ; loyer "mars"\nligne 2';
const MARCH_SIZE = 1000;
const bookings: { month: string; booking: Booking }[] = [];
const numbersByMonth = new Map<string, string[]>();
let marchExcluded: string[] = [];

function plan(month: string, booking: Booking) {
  bookings.push({ month, booking });
}

beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  owner = await makeCustomer(t.ctx, { firstName: 'Éloïse', lastName: 'Lefèvre-Dupont' });
  cookie = await signIn(t.app, owner);
  const accounts = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } });
  main = accounts.json<Account[]>().find((a) => a.kind === 'main')!;
  await backdateAccount(t.ctx, main.id, lux(2025, 9, 15, 10));

  const rnd = random(20260301);
  const amount = () => BigInt(Math.floor(rnd() * 50_000) + 1) * (rnd() < 0.45 ? 1n : -1n);
  plan('2025-09', { at: lux(2025, 9, 20, 12), amount: 100_000_000n, counterpartyName: 'Employeur SA' });
  // October 2025: the clocks go back on the 26th (03:00 CEST → 02:00 CET).
  plan('2025-09', { at: lux(2025, 9, 30, 23, 59, 59, 999), amount: amount() });
  plan('2025-10', { at: lux(2025, 10, 1), amount: amount() });
  plan('2025-10', { at: new Date(Date.UTC(2025, 9, 26, 0, 59, 59, 999)), amount: amount() });
  plan('2025-10', { at: new Date(Date.UTC(2025, 9, 26, 1)), amount: amount() });
  plan('2025-10', { at: lux(2025, 10, 31, 23, 59, 59, 999), amount: amount() });
  plan('2025-11', { at: lux(2025, 11, 1), amount: amount() });
  plan('2026-02', { at: lux(2026, 2, 1), amount: amount() });
  plan('2026-02', { at: lux(2026, 2, 28, 23, 59, 59, 999), amount: amount() });
  // March 2026 (the clocks go forward on the 29th, 02:00 CET → 03:00 CEST): 1,000 entries, two at
  // each midnight, two around the change, one with a reference that tries to break a CSV file.
  const march: Booking[] = [];
  for (let day = 1; day <= 31; day++) {
    march.push({ at: lux(2026, 3, day), amount: amount() });
    march.push({ at: lux(2026, 3, day, 23, 59, 59, 999), amount: amount() });
  }
  march.push({ at: lux(2026, 3, 29, 1, 59, 59, 999), amount: amount() });
  march.push({ at: lux(2026, 3, 29, 3), amount: amount() });
  march.push({
    at: lux(2026, 3, 10, 9, 30),
    amount: -95_000n,
    counterpartyName: '@Agence "Loyers"; Martin & Fils',
    counterpartyIban: 'FR7630006000011234567890189',
    reference: NASTY_REFERENCE,
  });
  const start = lux(2026, 3, 1).getTime();
  const end = lux(2026, 4, 1).getTime();
  while (march.length < MARCH_SIZE)
    march.push({ at: new Date(start + Math.floor(rnd() * (end - start))), amount: amount() });
  for (const booking of march) plan('2026-03', booking);
  plan('2026-04', { at: lux(2026, 4, 1), amount: amount() });
  plan('2026-04', { at: lux(2026, 4, 15, 8), amount: amount() });

  bookings.sort((a, b) => a.booking.at.getTime() - b.booking.at.getTime());
  const numbers = await book(
    t.ctx,
    main.id,
    bookings.map((b) => b.booking),
  );
  bookings.forEach((b, i) =>
    numbersByMonth.set(b.month, [...(numbersByMonth.get(b.month) ?? []), numbers[i]!]),
  );
  marchExcluded = await pendingAndVoided(t.ctx, main.id, lux(2026, 3, 15, 12));
}, 300_000);
afterAll(() => t.close());

const get = (url: string, session: string | null = cookie) =>
  t.app.inject({ method: 'GET', url, headers: session ? { cookie: session } : {} });
const statementUrl = (month: string, suffix: string, account = main.id) =>
  `/api/accounts/${account}/statements/${month}.${suffix}`;
const sumBefore = (at: Date) =>
  bookings.filter((b) => b.booking.at < at).reduce((sum, b) => sum + b.booking.amount, 0n);

describe('the statement of a month (Europe/Luxembourg)', () => {
  it('holds every posted entry of the month exactly once, in booking order, and none of its neighbours’', async () => {
    const s = await buildStatement(t.ctx, owner.id, main.id, '2026-03');
    const numbers = s.lines.map((l) => l.number);
    expect(numbers).toHaveLength(MARCH_SIZE);
    expect(new Set(numbers).size).toBe(MARCH_SIZE);
    // The same list PostgreSQL's own time zone rules give, and the one the fixtures planned.
    expect(numbers).toEqual((await ledgerMonth(t.ctx, main.id, '2026-03')).numbers);
    expect(numbers).toEqual(numbersByMonth.get('2026-03'));
    for (const other of ['2026-02', '2026-04', ...marchExcluded])
      for (const n of numbersByMonth.get(other) ?? [other]) expect(numbers).not.toContain(n);
    expect(s.provisional).toBe(false);
  });

  it('opens and closes on the ledger’s balances, and every line’s balance is the ledger’s balance_after', async () => {
    const s = await buildStatement(t.ctx, owner.id, main.id, '2026-03');
    const ledger = await ledgerMonth(t.ctx, main.id, '2026-03');
    expect(s.opening).toBe(sumBefore(lux(2026, 3, 1)));
    expect(s.closing).toBe(sumBefore(lux(2026, 4, 1)));
    expect(s.opening).toBe(ledger.balanceAfter[0]! - ledger.amounts[0]!);
    expect(s.closing).toBe(ledger.balanceAfter.at(-1));
    expect(s.lines.map((l) => l.balance)).toEqual(ledger.balanceAfter);
    expect(s.opening + s.totalCredits - s.totalDebits).toBe(s.closing);
    expect(s.creditCount + s.debitCount).toBe(MARCH_SIZE);
    // The cached balance less April's entries is March's closing balance.
    const april = bookings
      .filter((b) => b.month === '2026-04')
      .reduce((sum, b) => sum + b.booking.amount, 0n);
    expect(await cachedBalance(t.ctx, main.id)).toBe(s.closing + april);
  });

  it('chains months: each closing balance is the next opening one, across both changes of time', async () => {
    const months = ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04'];
    const statements = await Promise.all(months.map((m) => buildStatement(t.ctx, owner.id, main.id, m)));
    statements.forEach((s, i) => {
      expect(
        s.lines.map((l) => l.number),
        s.month,
      ).toEqual(numbersByMonth.get(s.month) ?? []);
      if (i > 0) expect(s.opening, s.month).toBe(statements[i - 1]!.closing);
    });
    // October: 00:00 on the 1st and 23:59:59.999 on the 31st are in, their neighbours out.
    expect(statements[1]!.lines).toHaveLength(4);
    expect(statements[0]!.opening).toBe(0n);
  });

  it('runs the current month up to now and says so', async () => {
    const now = t.clock.now();
    const [number] = await book(t.ctx, main.id, [{ at: new Date(now.getTime() - 1000), amount: 700n }]);
    const month = statementMonthOf(now);
    const s = await buildStatement(t.ctx, owner.id, main.id, month);
    expect(s.provisional).toBe(true);
    expect(s.lines.map((l) => l.number)).toContain(number);
    expect(s.closing).toBe(await cachedBalance(t.ctx, main.id));
    const { pages } = await pagesText((await get(statementUrl(month, 'pdf'))).rawPayload);
    expect(pages[0]!.join(' ')).toMatch(/Relevé provisoire au /);
  });
});

describe('camt.053.001.08', () => {
  it('validates against the ISO 20022 schema and its balances and sums are the ledger’s', async () => {
    const res = await get(statementUrl('2026-03', 'camt053.xml'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Releve-Comptoir-2026-03.camt053.xml"',
    );
    const xml = res.body;
    const verdict = await validateCamt053(xml);
    expect(verdict.errors).toEqual([]);
    expect(verdict.valid).toBe(true);
    // The check can fail: a statement without its account, or with a made-up indicator, is refused.
    expect((await validateCamt053(xml.replace(/<Acct>[\s\S]*?<\/Acct>/, ''))).valid).toBe(false);
    expect(
      (await validateCamt053(xml.replace('<CdtDbtInd>CRDT</CdtDbtInd>', '<CdtDbtInd>PLUS</CdtDbtInd>')))
        .valid,
    ).toBe(false);

    const s = await buildStatement(t.ctx, owner.id, main.id, '2026-03');
    const balance = (code: string) => {
      const block = new RegExp(`<Bal>\\s*<Tp>\\s*<CdOrPrtry>\\s*<Cd>${code}</Cd>[\\s\\S]*?</Bal>`).exec(
        xml,
      )![0];
      const value = decimalCents(/<Amt Ccy="EUR">([\d.]+)<\/Amt>/.exec(block)![1]!);
      return /<CdtDbtInd>DBIT<\/CdtDbtInd>/.test(block) ? -value : value;
    };
    expect(balance('OPBD')).toBe(s.opening);
    expect(balance('CLBD')).toBe(s.closing);
    // A past month is closed: no interim balance.
    expect(xml).not.toContain('<Cd>ITBD</Cd>');
    expect(xml).toContain(`<IBAN>${main.iban}</IBAN>`);
    expect(xml).toContain(`<BICFI>${t.ctx.config.institution.bic}</BICFI>`);
    expect(xml).toContain('<Nm>Éloïse Lefèvre-Dupont</Nm>');

    const entries = [...xml.matchAll(/<Ntry>([\s\S]*?)<\/Ntry>/g)].map((m) => m[1]!);
    expect(entries).toHaveLength(MARCH_SIZE);
    let net = 0n;
    for (const entry of entries) {
      const value = decimalCents(/<Amt Ccy="EUR">([\d.]+)<\/Amt>/.exec(entry)![1]!);
      net += /<CdtDbtInd>DBIT<\/CdtDbtInd>/.exec(entry) ? -value : value;
      expect(entry).toMatch(/<Sts>\s*<Cd>BOOK<\/Cd>\s*<\/Sts>\s*<BookgDt>\s*<Dt>2026-03-\d{2}<\/Dt>/);
    }
    expect(s.opening + net).toBe(s.closing);
    expect(entries.map((e) => /<AcctSvcrRef>(st-\d{8})<\/AcctSvcrRef>/.exec(e)![1])).toEqual(
      s.lines.map((l) => l.number),
    );
    const summary = /<TxsSummry>([\s\S]*?)<\/TxsSummry>/.exec(xml)![1]!;
    expect(summary).toContain(`<NbOfNtries>${MARCH_SIZE}</NbOfNtries>`);
    expect(summary).toContain(`<NbOfNtries>${s.creditCount}</NbOfNtries>`);
    expect(summary).toContain(`<NbOfNtries>${s.debitCount}</NbOfNtries>`);
    // The payment with the odd reference keeps its parties and its reason, escaped.
    const odd = entries.find((e) => e.includes('FR7630006000011234567890189'))!;
    expect(odd).toContain('<Nm>@Agence "Loyers"; Martin &amp; Fils</Nm>');
    expect(odd).toContain('<Ustrd>=HYPERLINK("http://x";"clic") ; loyer "mars" ligne 2</Ustrd>');
  }, 60_000);

  it('validates for an empty month, the running month and an Espace without an IBAN', async () => {
    const space = await t.ctx.db.tx((q) =>
      openCustomerAccount(q, {
        customerId: owner.id,
        kind: 'customer_sub',
        name: 'Vacances',
        iban: null,
        openedAt: new Date(),
      }),
    );
    const month = statementMonthOf(t.clock.now());
    for (const url of [
      statementUrl('2025-12', 'camt053.xml'),
      statementUrl(month, 'camt053.xml'),
      statementUrl(month, 'camt053.xml', String(space.id)),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(await validateCamt053(res.body)).toEqual({ valid: true, errors: [] });
    }
  });
});

describe('CSV', () => {
  it('is UTF-8 with a BOM, « ; », decimal commas and CRLF, and parses back to the same totals', async () => {
    const res = await get(statementUrl('2026-03', 'csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Releve-Comptoir-2026-03.csv"');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(MARCH_SIZE);
    const s = await buildStatement(t.ctx, owner.id, main.id, '2026-03');
    const debits = rows.reduce((sum, r) => sum + frenchCents(r[5]!), 0n);
    const credits = rows.reduce((sum, r) => sum + frenchCents(r[6]!), 0n);
    expect(debits).toBe(s.totalDebits);
    expect(credits).toBe(s.totalCredits);
    expect(frenchCents(rows.at(-1)![7]!)).toBe(s.closing);
    expect(frenchCents(rows[0]![7]!) - frenchCents(rows[0]![6]!) + frenchCents(rows[0]![5]!)).toBe(s.opening);
    expect(rows.map((r) => r[4])).toEqual(s.lines.map((l) => l.number));
    for (const r of rows) {
      expect(r).toHaveLength(CSV_HEADER.length);
      expect(r[0]).toMatch(/^\d{2}\/\d{2}\/2026$/);
    }
    // The first line of the month, at 00:00 on 1 March in Luxembourg, is dated 01/03.
    expect(rows[0]![0]).toBe('01/03/2026');
    expect(rows.at(-1)![0]).toBe('31/03/2026');

    // A field starting with = or @ is defused; « ; » and « " » do not break the row.
    const odd = rows.find((r) => r[6] === '' && r[5] === '950,00' && r[3]!.includes('HYPERLINK'))!;
    expect(odd[3]).toBe(`'=HYPERLINK("http://x";"clic") ; loyer "mars" ligne 2`);
    expect(odd[2]).toBe('Virement à @Agence "Loyers"; Martin & Fils');
    expect(text).toContain('"\'=HYPERLINK(""http://x"";""clic"") ; loyer ""mars"" ligne 2"');
  });
});

/** A page's text as one string, white space made plain spaces. */
const plain = (lines: string[]) => lines.join('\n').replace(/[^\S\n]/g, ' ');

/** Tagged, every font embedded (pdfinfo, pdffonts): what a screen reader and any printer need. */
function expectAccessible(bytes: Uint8Array, info: Record<string, string>): void {
  expect(info.Tagged).toBe('yes');
  expect(info['PDF version']).toBe('1.7');
  const fonts = pdfFonts(bytes);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true });
  expect(Buffer.from(bytes).toString('latin1')).toContain('/Lang (fr-FR)');
}

describe('PDF', () => {
  it('is an A4 document in French with the bank, the holder, the balances and « Page i / n » on every page', async () => {
    const res = await get(statementUrl('2026-03', 'pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Releve-Comptoir-2026-03.pdf"');

    const { pages, info, sizes } = await pagesText(res.rawPayload);
    expectAccessible(res.rawPayload, info);
    const s = await buildStatement(t.ctx, owner.id, main.id, '2026-03');
    // Rows of two lines: between 20 and 50 a page.
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(MARCH_SIZE / 50));
    expect(pages.length).toBeLessThanOrEqual(Math.ceil(MARCH_SIZE / 20));
    expect(Number(info.Pages)).toBe(pages.length);
    expect(info.Title).toBe(`${STATEMENT_TITLE} — mars 2026 — Éloïse Lefèvre-Dupont`);
    pages.forEach((lines, i) => {
      const text = plain(lines);
      expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} / ${pages.length}`);
      for (const title of ['Date', 'Libellé', 'Débit', 'Crédit'])
        expect(text, `page ${i + 1}`).toContain(title);
      expect(sizes[i], `page ${i + 1}`).toEqual({ width: A4[0], height: A4[1] });
    });
    const first = plain(pages[0]!);
    const institution = t.ctx.config.institution;
    for (const shown of [
      STATEMENT_TITLE,
      'Du 1er mars 2026 au 31 mars 2026',
      'Éloïse Lefèvre-Dupont',
      formatIban(main.iban!),
      institution.bic,
      institution.name,
    ])
      expect(first).toContain(shown);
    const all = pages.map(plain).join('\n');
    expect(all).toContain(formatEuros(s.opening).replace(/\s/g, ' '));
    expect(all.split(formatEuros(s.closing).replace(/\s/g, ' ')).length - 1).toBeGreaterThanOrEqual(2);
    // Every line exactly once, across the pages.
    const words = all.split(/\s+/);
    const seen = new Map<string, number>();
    for (const word of words) if (/^st-\d{8}$/.test(word)) seen.set(word, (seen.get(word) ?? 0) + 1);
    for (const line of s.lines) expect(seen.get(line.number), line.number).toBe(1);
    expect(seen.size).toBe(MARCH_SIZE);
    expect(all.replace(/\n/g, ' ')).toContain(institution.legalName);
  }, 120_000);

  it('prints a payer’s name in any European script exactly: « Łukasz Żółć »', async () => {
    const polish = await makeCustomer(t.ctx, { firstName: 'Łukasz', lastName: 'Żółć' });
    const polishCookie = await signIn(t.app, polish);
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { cookie: polishCookie },
    });
    const account = accounts.json<Account[]>().find((a) => a.kind === 'main')!;
    const at = new Date(t.clock.now().getTime() - 60_000);
    await book(t.ctx, account.id, [
      { at, amount: 12_345n, counterpartyName: 'Łukasz Żółć', reference: 'Zwrot za bilety — Gdańsk' },
      { at: new Date(at.getTime() + 1), amount: -2_000n, counterpartyName: 'Ελληνικά Ταχυδρομεία' },
    ]);
    const month = statementMonthOf(t.clock.now());
    const res = await get(statementUrl(month, 'pdf', account.id), polishCookie);
    expect(res.statusCode).toBe(200);
    const { pages, info } = await pagesText(res.rawPayload);
    const text = plain(pages[0]!);
    expect(text).toContain('Virement de Łukasz Żółć');
    expect(text).toContain('Zwrot za bilety — Gdańsk');
    expect(text).toContain('Virement à Ελληνικά Ταχυδρομεία');
    expect(text).toContain('Łukasz Żółć\n'); // the holder's postal block
    expect(info.Title).toContain('Łukasz Żółć');
    expectAccessible(res.rawPayload, info);
  });

  it('says so when a month has no operation', async () => {
    const { pages } = await pagesText((await get(statementUrl('2025-12', 'pdf'))).rawPayload);
    expect(pages).toHaveLength(1);
    expect(plain(pages[0]!)).toContain('Aucune opération comptabilisée sur la période.');
    expect(plain(pages[0]!)).toContain('Page 1 / 1');
  });
});

describe('balance certificate', () => {
  it('certifies the booked balance now, with holder, IBAN, place and date, issued on request', async () => {
    const res = await get(`/api/accounts/${main.id}/balance-certificate.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="Attestation-solde-Comptoir-\\d{4}-\\d{2}-\\d{2}-${main.iban!.slice(-4)}\\.pdf"$`,
      ),
    );
    const { pages, info } = await pagesText(res.rawPayload);
    expect(pages).toHaveLength(1);
    expectAccessible(res.rawPayload, info);
    const text = pages[0]!.join(' ').replace(/\s/g, ' ');
    const balance = await cachedBalance(t.ctx, main.id);
    expect(pages[0]).toContain(CERTIFICATE_TITLE);
    expect(text).toContain(`${formatEuros(balance).replace(/\s/g, ' ')} (créditeur)`);
    expect(text).toContain(formatIban(main.iban!));
    expect(text).toContain('Éloïse Lefèvre-Dupont');
    expect(text).toContain(ON_REQUEST);
    expect(text).toContain(`Fait à ${t.ctx.config.institution.address.city}, le `);
    expect(text).toContain('Page 1 / 1');
  });

  it('refuses an Espace (no IBAN) with a French 409', async () => {
    const space = await t.ctx.db.tx((q) =>
      openCustomerAccount(q, {
        customerId: owner.id,
        kind: 'customer_sub',
        name: 'Projets',
        iban: null,
        openedAt: new Date(),
      }),
    );
    const res = await get(`/api/accounts/${space.id}/balance-certificate.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/IBAN/);
  });
});

describe('who and which month', () => {
  const expectProblem = (res: Awaited<ReturnType<typeof get>>, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json<{ status: number; code: string; detail: string }>();
    expect(body).toMatchObject({ status, code });
    return body;
  };

  it('answers another customer’s account exactly like an unknown one: 404 « Compte introuvable. »', async () => {
    const stranger = await makeCustomer(t.ctx, { firstName: 'Noé', lastName: 'Intrus' });
    const strangerCookie = await signIn(t.app, stranger);
    for (const suffix of ['pdf', 'csv', 'camt053.xml']) {
      const theirs = expectProblem(
        await get(statementUrl('2026-03', suffix), strangerCookie),
        404,
        'account_not_found',
      );
      const unknown = expectProblem(
        await get(statementUrl('2026-03', suffix, '999999999'), strangerCookie),
        404,
        'account_not_found',
      );
      expect(theirs).toEqual(unknown);
      expect(theirs.detail).toBe('Compte introuvable.');
    }
    const certificate = await get(`/api/accounts/${main.id}/balance-certificate.pdf`, strangerCookie);
    expect(expectProblem(certificate, 404, 'account_not_found').detail).toBe('Compte introuvable.');
    expect(certificate.body).not.toContain('Lefèvre');
  });

  it('answers malformed account ids 404 and malformed months 400, never a 500', async () => {
    for (const id of ['0', 'abc', '-1', '1e3', '99999999999999999999', '%20'])
      expect(
        expectProblem(await get(statementUrl('2026-03', 'pdf', id)), 404, 'account_not_found').detail,
      ).toBe('Compte introuvable.');
    for (const month of ['2026-13', '2026-00', '26-03', '2026-3', 'mars', '2026-03-01'])
      expect(expectProblem(await get(statementUrl(month, 'csv')), 400, 'validation_failed').detail).toMatch(
        /AAAA-MM/,
      );
    expectProblem(await get(`/api/accounts/${main.id}/statements/2026-03.doc`), 404, 'not_found');
  });

  it('has no statement before the opening month nor after the current one (404, in French)', async () => {
    expect(
      expectProblem(await get(statementUrl('2025-08', 'pdf')), 404, 'statement_before_opening').detail,
    ).toMatch(/pas encore ouvert/);
    expect(
      expectProblem(await get(statementUrl('2099-01', 'pdf')), 404, 'statement_month_not_started').detail,
    ).toMatch(/pas encore commencé/);
    expect((await get(statementUrl('2025-09', 'pdf'))).statusCode).toBe(200);
  });

  it('asks an anonymous caller to sign in (401) and an applicant to wait (403)', async () => {
    expectProblem(await get(statementUrl('2026-03', 'pdf'), null), 401, 'unauthenticated');
    const applicant = await makeCustomer(t.ctx, { status: 'pending_review' });
    expectProblem(
      await get(statementUrl('2026-03', 'pdf'), await signIn(t.app, applicant)),
      403,
      'account_not_yet_open',
    );
  });

  it('makes at most two statements of one customer at once: a third answers 429 in French', async () => {
    const answers = await Promise.all([
      get(statementUrl('2026-03', 'pdf')),
      get(statementUrl('2026-03', 'camt053.xml')),
      get(statementUrl('2026-03', 'csv')),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 429]);
    const refused = expectProblem(
      answers.find((r) => r.statusCode === 429)!,
      429,
      'statements_in_preparation',
    );
    expect(refused.detail).toMatch(/encore en préparation/);
    // Each place is given back once its file is written.
    expect((await get(statementUrl('2026-03', 'csv'))).statusCode).toBe(200);
  }, 120_000);

  it('is documented in OpenAPI with its content types and problem answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    }>();
    const types = (path: string, status = '200') =>
      Object.keys(doc.paths[path]?.get?.responses[status]?.content ?? {});
    expect(types('/api/accounts/{id}/statements/{month}.pdf')).toEqual(['application/pdf']);
    expect(types('/api/accounts/{id}/statements/{month}.csv')).toEqual(['text/csv; charset=utf-8']);
    expect(types('/api/accounts/{id}/statements/{month}.camt053.xml')).toEqual(['application/xml']);
    expect(types('/api/accounts/{id}/balance-certificate.pdf')).toEqual(['application/pdf']);
    expect(types('/api/accounts/{id}/statements/{month}.pdf', '404')).toEqual(['application/problem+json']);
  });
});
