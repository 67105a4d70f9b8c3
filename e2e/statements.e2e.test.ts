import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { formatEuros, statementMonthOf, statementPeriod } from '@comptoir/core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { makeCustomer, PASSWORD, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import {
  backdateAccount,
  book,
  decimalCents,
  frenchCents,
  pagesText,
  parseCsv,
  validateCamt053,
} from '../apps/server/src/modules/statements/__tests__/testing.ts';
import { customerAccounts } from '../apps/server/src/ledger/index.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { StatementsScreen } from './pages/statements-page.ts';
import { DESKTOP, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Screenshots and rendered PDFs to look at. */
const { folder, shootBoth } = screenshots('statements');

/** The month before `month`. */
const previousMonth = (month: string): string => {
  const start = statementPeriod(month)!.start;
  return statementMonthOf(new Date(start.getTime() - 1));
};

describe('Statements from the screen: PDF, CSV and camt.053 of a month, the balance certificate', () => {
  let server: TestServer;
  let browser: Browser;
  let screen: StatementsScreen;
  let customer: TestCustomer;
  let main: Account;
  const now = new Date();
  const current = statementMonthOf(now);
  const last = previousMonth(current);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser(DESKTOP)]);
    const ctx = server.server.ctx;
    customer = await makeCustomer(ctx, { firstName: 'Inès', lastName: 'Kirsch' });
    const [account] = await customerAccounts(ctx.db, customer.id);
    // Opened two months ago; last month's history sits on its midnights, this month's before now.
    const lastPeriod = statementPeriod(last)!;
    const opened = new Date(statementPeriod(previousMonth(last))!.start.getTime() + 5 * 86_400_000);
    await backdateAccount(ctx, String(account!.id), opened);
    const thisStart = statementPeriod(current)!.start.getTime();
    const thisMonth = (fraction: number) =>
      new Date(thisStart + Math.floor((now.getTime() - 60_000 - thisStart) * fraction));
    await book(ctx, String(account!.id), [
      {
        at: new Date(opened.getTime() + 3_600_000),
        amount: 250_000n,
        counterpartyName: 'Atelier Lumière SARL',
        reference: 'Salaire',
      },
      {
        at: new Date(lastPeriod.start.getTime() - 1),
        amount: -1_250n,
        counterpartyName: 'Boulangerie Schmit',
        kind: 'card',
      },
      {
        at: lastPeriod.start,
        amount: -95_000n,
        counterpartyName: 'SCI Les Tilleuls',
        reference: 'Loyer; "mars"',
      },
      {
        at: new Date(lastPeriod.start.getTime() + 9 * 86_400_000),
        amount: 3_500n,
        counterpartyName: 'Thomas Weber',
        reference: 'Part du restaurant',
      },
      {
        at: new Date(lastPeriod.end.getTime() - 1),
        amount: -6_235n,
        counterpartyName: 'Marché du Glacis',
        kind: 'card',
      },
      {
        at: thisMonth(0),
        amount: -1_999n,
        counterpartyName: 'Télé Lux Mobile',
        kind: 'direct_debit',
        reference: '=forfait',
      },
      {
        at: thisMonth(0.5),
        amount: 12_000n,
        counterpartyName: 'Claire Hoffmann',
        reference: 'Remboursement',
      },
    ]);
    main = { id: String(account!.id) } as Account;
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    screen = new StatementsScreen(page, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists every month since the opening in « Relevés » and downloads last month’s files, whose totals match the screen', async () => {
    onTestFailed(async () => {
      await screen.page
        .screenshot({ path: join(folder, 'failure.png'), fullPage: true })
        .catch(() => undefined);
    });
    await screen.login(customer.email, PASSWORD);
    await screen.expectDashboard();
    const accounts = await screen.apiGet<Account[]>('/api/accounts');
    main = accounts.find((a) => a.kind === 'main')!;

    await shootBoth(screen.page, 'dashboard');
    await screen.openDialog();
    await expect.poll(() => screen.months(screen.dialog)).toEqual([current, last, previousMonth(last)]);
    await expectAccessible(screen.page, 'Relevés dialog', '[role="dialog"]');
    await shootBoth(screen.page, 'dashboard-dialog');

    // Last month: the PDF, the CSV and the camt.053, downloaded as a person would.
    const monthName = new Intl.DateTimeFormat('fr-FR', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${last}-15T12:00:00Z`));
    const files: Record<string, Buffer> = {};
    for (const [format, suffix] of [
      ['PDF', 'pdf'],
      ['CSV', 'csv'],
      ['camt.053', 'camt053.xml'],
    ] as const) {
      const download = await screen.download(
        screen.link(screen.dialog, `Télécharger le relevé de ${monthName} en ${format}`),
      );
      expect(download.suggestedFilename()).toBe(`Releve-Comptoir-${last}.${suffix}`);
      files[suffix] = readFileSync(await download.path());
    }

    // The CSV: last month's three lines (the two on its midnights included, the one just before not).
    const [header, ...rows] = parseCsv(files.csv!.subarray(3).toString('utf8'));
    expect(header![0]).toBe('Date de comptabilisation');
    expect(rows).toHaveLength(3);
    const csvNet = rows.reduce((sum, r) => sum + frenchCents(r[6]!) - frenchCents(r[5]!), 0n);
    expect(csvNet).toBe(-95_000n + 3_500n - 6_235n);
    expect(rows.map((r) => r[2])).not.toContain('Paiement carte à Boulangerie Schmit');
    const closingLast = frenchCents(rows.at(-1)![7]!);

    // The camt.053: valid, the same balance and entries.
    const xml = files['camt053.xml']!.toString('utf8');
    expect(await validateCamt053(xml)).toEqual({ valid: true, errors: [] });
    const clbd = /<Cd>CLBD<\/Cd>[\s\S]*?<Amt Ccy="EUR">([\d.]+)<\/Amt>/.exec(xml)![1]!;
    expect(decimalCents(clbd)).toBe(closingLast);
    expect([...xml.matchAll(/<Ntry>/g)]).toHaveLength(3);

    // The screen: every operation shown adds up to the balance shown, and last month's closing
    // balance plus this month's operations is that balance too.
    const shown = await screen.shownAmounts();
    const balance = await screen.shownBookedBalance();
    expect(shown.reduce((sum, a) => sum + a, 0n)).toBe(balance);
    expect(closingLast + 12_000n - 1_999n).toBe(balance);

    // The PDF: its closing balance is the one the CSV and the camt.053 give; look at it as a picture.
    const pdf = await pagesText(files.pdf!);
    expect(pdf.pages[0]!.join(' ').replace(/\s/g, ' ')).toContain(
      formatEuros(closingLast).replace(/\s/g, ' '),
    );
    mkdirSync(folder, { recursive: true });
    const pdfPath = join(folder, `statement-${last}.pdf`);
    execFileSync('cp', [
      await (
        await screen.download(screen.link(screen.dialog, `Télécharger le relevé de ${monthName} en PDF`))
      ).path(),
      pdfPath,
    ]);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, join(folder, `statement-${last}`)]);
    } catch {
      // pdftoppm (poppler-utils) is only needed to look at the pages.
    }

    // The current month: a provisional statement whose closing balance is the balance shown.
    const running = await screen.download(
      screen.link(
        screen.dialog,
        `Télécharger le relevé de ${new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${current}-15T12:00:00Z`))} en CSV`,
      ),
    );
    const [, ...runningRows] = parseCsv(
      readFileSync(await running.path())
        .subarray(3)
        .toString('utf8'),
    );
    expect(frenchCents(runningRows.at(-1)![7]!)).toBe(balance);
    await screen.page.keyboard.press('Escape');
    await screen.dialog.waitFor({ state: 'hidden' });
  });

  it('offers the same list and the balance certificate in « Profil »', async () => {
    await screen.open('/profil');
    const section = screen.page.getByRole('region', { name: 'Relevés et attestations' });
    await section.waitFor();
    // The list follows the accounts' answer: wait for it rather than read it once.
    await expect.poll(() => screen.months(section)).toEqual([current, last, previousMonth(last)]);
    const download = await screen.download(screen.link(section, 'Télécharger l’attestation de solde (PDF)'));
    expect(download.suggestedFilename()).toMatch(/^Attestation-solde-Comptoir-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/);
    const { pages } = await pagesText(readFileSync(await download.path()));
    const balance = BigInt(main.bookedBalance);
    expect(pages[0]!.join(' ').replace(/\s/g, ' ')).toContain(
      `${formatEuros(balance).replace(/\s/g, ' ')} (créditeur)`,
    );
    const certificatePath = join(folder, 'certificate-e2e.pdf');
    execFileSync('cp', [await download.path(), certificatePath]);
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(screen.page, '/profil', 'main');
    await shootBoth(screen.page, 'profile-statements');
  });
});
