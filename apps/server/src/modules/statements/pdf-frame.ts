import { firstOfMonthOrdinal } from '@comptoir/core';
import { SANDBOX_NOTICE } from '../../pdf/sandbox-notice.ts';
import { BRAND, MUTED, PdfCanvas, RULE, WARNING_BG, WARNING_INK } from '../../pdf/canvas.ts';
import type { StatementBank } from './statement.ts';

/** What statements and certificates share: A4 pages, the bank's header and footer. */
export const MARGIN = 42;
export const FOOTER_HEIGHT = 52;

export function newDocument(meta: {
  title: string;
  subject: string;
  bank: StatementBank;
  issuedAt: Date;
}): PdfCanvas {
  return new PdfCanvas({
    title: meta.title,
    author: meta.bank.legalName,
    subject: meta.subject,
    creator: meta.bank.name,
    issuedAt: meta.issuedAt,
  });
}

/**
 * A new A4 page with the sandbox notice when the bank is fictitious (read on the first page, page
 * furniture on the others); returns the top of its content. `drawFooter` finishes it.
 */
export function addPage(c: PdfCanvas, bank: StatementBank, index: number): number {
  c.addPage();
  if (!bank.sandbox) return c.height - MARGIN;
  c.rect({ x: 0, y: c.height - 24, width: c.width, height: 24, color: WARNING_BG });
  const draw = () =>
    c.text(SANDBOX_NOTICE, (c.width - c.widthOf(SANDBOX_NOTICE, 'bold', 9)) / 2, c.height - 16, {
      font: 'bold',
      size: 9,
      color: WARNING_INK,
    });
  if (index === 0) c.tag('P', draw);
  else c.artifact(draw, 'Pagination');
  return c.height - 24 - 26;
}

/** The bank's name and legal name at the top left; returns the y below them. */
export function drawBankHeader(c: PdfCanvas, bank: StatementBank, top: number, width: number): number {
  let y = top - 20;
  c.tag('P', () => {
    for (const line of c.wrap(bank.name, 'bold', 20, width)) {
      c.text(line, MARGIN, y, { font: 'bold', size: 20, color: BRAND });
      y -= 22;
    }
    for (const line of c.wrap(bank.legalName, 'regular', 8.5, width)) {
      c.text(line, MARGIN, y + 6, { font: 'regular', size: 8.5, color: MUTED });
      y -= 11;
    }
  });
  return y;
}

/** The lines identifying the institution, as every page's footer prints them. */
export function identityLines(bank: StatementBank): string[] {
  const address = [
    bank.address.street,
    `${bank.address.postalCode} ${bank.address.city}`.trim(),
    bank.address.country,
  ]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return [
    [bank.legalName, address].filter(Boolean).join(' · '),
    [
      `BIC ${bank.bic}`,
      bank.registration,
      bank.supervisor ? `Établissement supervisé par ${bank.supervisor}` : null,
      bank.licenceNumber ? `agrément ${bank.licenceNumber}` : null,
      bank.phone,
      bank.email,
    ]
      .filter(Boolean)
      .join(' · '),
  ];
}

/**
 * A page's footer: the institution's identity (read on the first page, page furniture on the
 * others) and « Page i / n » (page furniture).
 */
export function drawFooter(c: PdfCanvas, bank: StatementBank, index: number, count: number): void {
  const right = c.width - MARGIN;
  const numberText = `Page ${index + 1} / ${count}`;
  const textWidth = right - MARGIN - c.widthOf(numberText, 'bold', 8) - 16;
  const top = MARGIN - 8 + 9 * 3;
  c.line({ start: { x: MARGIN, y: top + 6 }, end: { x: right, y: top + 6 }, thickness: 0.5, color: RULE });
  const identity = () => {
    let y = top;
    const lines = identityLines(bank)
      .flatMap((line) => c.wrap(line, 'regular', 7.5, textWidth))
      .slice(0, 4);
    for (const line of lines) {
      y -= 9;
      c.text(line, MARGIN, y, { font: 'regular', size: 7.5, color: MUTED });
    }
  };
  if (index === 0) c.tag('P', identity);
  else c.artifact(identity, 'Pagination');
  c.artifact(
    () => c.rightText(numberText, right, top - 9, { font: 'bold', size: 8, color: MUTED }),
    'Pagination',
  );
}

const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Luxembourg' });
const shortDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Luxembourg' });
const timeOfDay = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short', timeZone: 'Europe/Luxembourg' });

/** « 3 mars 2025 », « 1er mars 2025 » in Luxembourg time. */
export const frenchLongDate = (at: Date): string => firstOfMonthOrdinal(longDate.format(at));
/** « 03/03/2025 » in Luxembourg time. */
export const frenchShortDate = (at: Date): string => shortDate.format(at);
/** « 10:05 » in Luxembourg time. */
export const frenchTime = (at: Date): string => timeOfDay.format(at);
