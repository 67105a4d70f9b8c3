import { PageSizes, PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  BRAND,
  MUTED,
  RULE,
  SANDBOX_NOTICE,
  WARNING_BG,
  WARNING_INK,
  drawRightAligned,
  drawText,
  printable,
  wrap,
} from '../accounts/rib-pdf.ts';
import type { StatementBank } from './statement.ts';

/** What statements and certificates share: A4 pages, the standard fonts, the bank's header and footer. */
export const MARGIN = 42;
export const FOOTER_HEIGHT = 52;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

export async function newDocument(meta: {
  title: string;
  subject: string;
  bank: StatementBank;
  issuedAt: Date;
}): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(meta.bank.legalName);
  doc.setSubject(meta.subject);
  doc.setCreator(meta.bank.name);
  doc.setProducer(meta.bank.name);
  doc.setLanguage('fr-FR');
  doc.setCreationDate(meta.issuedAt);
  doc.setModificationDate(meta.issuedAt);
  return { doc, fonts };
}

/** A new A4 page with the sandbox notice when the bank is fictitious; returns the top of its content. */
export function addPage(doc: PDFDocument, fonts: Fonts, bank: StatementBank): { page: PDFPage; top: number } {
  const page = doc.addPage(PageSizes.A4);
  const { width, height } = page.getSize();
  if (!bank.sandbox) return { page, top: height - MARGIN };
  page.drawRectangle({ x: 0, y: height - 24, width, height: 24, color: WARNING_BG });
  const notice = printable(fonts.bold, SANDBOX_NOTICE);
  page.drawText(notice, {
    x: (width - fonts.bold.widthOfTextAtSize(notice, 9)) / 2,
    y: height - 16,
    font: fonts.bold,
    size: 9,
    color: WARNING_INK,
  });
  return { page, top: height - 24 - 26 };
}

/** The bank's name and legal name at the top left; returns the y below them. */
export function drawBankHeader(
  page: PDFPage,
  fonts: Fonts,
  bank: StatementBank,
  top: number,
  width: number,
): number {
  let y = top - 20;
  for (const line of wrap(bank.name, fonts.bold, 20, width)) {
    drawText(page, line, MARGIN, y, { font: fonts.bold, size: 20, color: BRAND });
    y -= 22;
  }
  for (const line of wrap(bank.legalName, fonts.regular, 8.5, width)) {
    drawText(page, line, MARGIN, y + 6, { font: fonts.regular, size: 8.5, color: MUTED });
    y -= 11;
  }
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

/** On every page: the institution's identity and « Page i / n » (drawn once all pages exist). */
export function drawFooters(doc: PDFDocument, fonts: Fonts, bank: StatementBank): void {
  const pages = doc.getPages();
  const lines = identityLines(bank);
  pages.forEach((page, index) => {
    const { width } = page.getSize();
    const right = width - MARGIN;
    const style = { font: fonts.regular, size: 7.5, color: MUTED };
    const numberText = `Page ${index + 1} / ${pages.length}`;
    const numberWidth = fonts.bold.widthOfTextAtSize(numberText, 8);
    const textWidth = right - MARGIN - numberWidth - 16;
    let y = MARGIN - 8 + 9 * 3;
    page.drawLine({
      start: { x: MARGIN, y: y + 6 },
      end: { x: right, y: y + 6 },
      thickness: 0.5,
      color: RULE,
    });
    const wrapped = lines.flatMap((line) => wrap(line, fonts.regular, 7.5, textWidth)).slice(0, 4);
    for (const line of wrapped) {
      y -= 9;
      drawText(page, line, MARGIN, y, style);
    }
    drawRightAligned(page, numberText, right, MARGIN - 8 + 9 * 3 - 9, {
      font: fonts.bold,
      size: 8,
      color: MUTED,
    });
  });
}

const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Luxembourg' });
const shortDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Luxembourg' });
const timeOfDay = new Intl.DateTimeFormat('fr-FR', { timeStyle: 'short', timeZone: 'Europe/Luxembourg' });

/** « 3 mars 2025 » in Luxembourg time. */
export const frenchLongDate = (at: Date): string => longDate.format(at);
/** « 03/03/2025 » in Luxembourg time. */
export const frenchShortDate = (at: Date): string => shortDate.format(at);
/** « 10:05 » in Luxembourg time. */
export const frenchTime = (at: Date): string => timeOfDay.format(at);
