import { PageSizes, PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { formatIban } from '@comptoir/core';

/** Everything a RIB shows; the service gathers it, this file only lays it out. */
export interface RibDocument {
  holder: string;
  /** Electronic format (no spaces); printed in groups of four. */
  iban: string;
  bic: string;
  accountName: string;
  bank: {
    name: string;
    legalName: string;
    address: { street: string; postalCode: string; city: string; country: string };
    registration: string | null;
    phone: string;
    email: string;
  };
  issuedAt: Date;
  /** Sandbox mode: the document says, like every page, that the bank is fictitious. */
  sandbox: boolean;
}

export const RIB_TITLE = 'Relevé d’identité bancaire';
export const NO_REFERENCE_NEEDED =
  'Aucune référence de paiement n’est nécessaire pour créditer ce compte : il suffit de communiquer ' +
  'ce RIB à l’émetteur du virement.';
export const SANDBOX_NOTICE = 'Banque fictive de démonstration — aucun service bancaire réel.';

export const BRAND = rgb(0, 0x54 / 255, 0x66 / 255);
export const BRAND_LIGHT = rgb(0xe5 / 255, 0xf5 / 255, 0xf7 / 255);
export const INK = rgb(0.11, 0.12, 0.13);
export const MUTED = rgb(0.33, 0.35, 0.38);
export const RULE = rgb(0.82, 0.86, 0.88);
export const WARNING_BG = rgb(1, 0.95, 0.8);
export const WARNING_INK = rgb(0.45, 0.3, 0);

const MARGIN = 56;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

const charsets = new WeakMap<PDFFont, Set<number>>();

/**
 * The standard PDF fonts only know the WinAnsi characters: anything else (a name in another script,
 * an emoji in a configured address) is printed without its accents, or as « ? », never a crash.
 */
export function printable(font: PDFFont, text: string): string {
  let known = charsets.get(font);
  if (!known) {
    known = new Set(font.getCharacterSet());
    charsets.set(font, known);
  }
  const has = (s: string) => [...s].every((c) => known.has(c.codePointAt(0) ?? 0));
  return Array.from(text.normalize('NFC').replace(/\s/g, ' '), (ch) => {
    if (has(ch)) return ch;
    const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
    return plain && has(plain) ? plain : '?';
  }).join('');
}

/** Splits `text` into lines no wider than `width` (a word longer than a line keeps its own line). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(font, text).split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

export interface TextStyle {
  font: PDFFont;
  size: number;
  color: RGB;
}

export function drawText(page: PDFPage, text: string, x: number, y: number, style: TextStyle): void {
  page.drawText(printable(style.font, text), { x, y, ...style });
}

export function drawRightAligned(
  page: PDFPage,
  text: string,
  right: number,
  y: number,
  style: TextStyle,
): void {
  const shown = printable(style.font, text);
  page.drawText(shown, { x: right - style.font.widthOfTextAtSize(shown, style.size), y, ...style });
}

const issueDate = (at: Date): string =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Luxembourg' }).format(at);

/** The RIB as a one-page A4 PDF, in French. */
export async function renderRibPdf(rib: RibDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.CourierBold),
  };
  doc.setTitle(`${RIB_TITLE} — ${rib.holder}`, { showInWindowTitleBar: true });
  doc.setAuthor(rib.bank.legalName);
  doc.setSubject(`${RIB_TITLE} du compte ${formatIban(rib.iban)}`);
  doc.setCreator(rib.bank.name);
  doc.setProducer(rib.bank.name);
  doc.setLanguage('fr-FR');
  doc.setCreationDate(rib.issuedAt);
  doc.setModificationDate(rib.issuedAt);

  const page = doc.addPage(PageSizes.A4);
  const { width, height } = page.getSize();
  const right = width - MARGIN;
  const contentWidth = right - MARGIN;
  let y = height;

  if (rib.sandbox) {
    page.drawRectangle({ x: 0, y: height - 30, width, height: 30, color: WARNING_BG });
    const style = { font: fonts.bold, size: 10, color: WARNING_INK };
    const notice = printable(fonts.bold, SANDBOX_NOTICE);
    const noticeWidth = fonts.bold.widthOfTextAtSize(notice, 10);
    page.drawText(notice, { x: (width - noticeWidth) / 2, y: height - 19, ...style });
    y -= 30;
  }

  // Header: the bank, and the date of issue at the right; a long name gets smaller, then wraps.
  const issued = { font: fonts.regular, size: 10, color: MUTED };
  const issuedText = printable(fonts.regular, `Émis le ${issueDate(rib.issuedAt)}`);
  const nameWidth = contentWidth - fonts.regular.widthOfTextAtSize(issuedText, issued.size) - 24;
  let nameSize = 24;
  let nameLines = wrap(rib.bank.name, fonts.bold, nameSize, nameWidth);
  if (nameLines.length > 1) {
    nameSize = 16;
    nameLines = wrap(rib.bank.name, fonts.bold, nameSize, nameWidth);
  }
  y -= 28 + nameSize;
  drawRightAligned(page, issuedText, right, y + nameSize - 12, issued);
  nameLines.forEach((line, index) => {
    if (index > 0) y -= nameSize + 4;
    drawText(page, line, MARGIN, y, { font: fonts.bold, size: nameSize, color: BRAND });
  });
  y -= 4;
  for (const line of wrap(rib.bank.legalName, fonts.regular, 9, contentWidth)) {
    y -= 12;
    drawText(page, line, MARGIN, y, { font: fonts.regular, size: 9, color: MUTED });
  }
  y -= 14;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 1.5, color: BRAND });

  // Title.
  y -= 44;
  drawText(page, RIB_TITLE, MARGIN, y, { font: fonts.bold, size: 22, color: INK });
  y -= 8;
  for (const line of wrap(`Compte : ${rib.accountName}`, fonts.regular, 11, contentWidth)) {
    y -= 14;
    drawText(page, line, MARGIN, y, { font: fonts.regular, size: 11, color: MUTED });
  }

  // The details, one row each: label above, value below.
  const address = [
    rib.bank.address.street,
    `${rib.bank.address.postalCode} ${rib.bank.address.city}`.trim(),
    rib.bank.address.country,
  ].filter((line) => line.trim());
  const valueWidth = contentWidth - 40;
  const rows: { label: string; lines: string[]; style: TextStyle }[] = [
    {
      label: 'Titulaire du compte',
      lines: wrap(rib.holder, fonts.bold, 13, valueWidth),
      style: { font: fonts.bold, size: 13, color: INK },
    },
    {
      label: 'IBAN',
      lines: [formatIban(rib.iban)],
      style: { font: fonts.mono, size: 15, color: INK },
    },
    {
      label: 'BIC',
      lines: [rib.bic],
      style: { font: fonts.mono, size: 15, color: INK },
    },
    {
      label: 'Banque',
      lines: wrap(rib.bank.name, fonts.bold, 13, valueWidth),
      style: { font: fonts.bold, size: 13, color: INK },
    },
    {
      label: 'Adresse de la banque',
      lines: address.flatMap((line) => wrap(line, fonts.regular, 12, valueWidth)),
      style: { font: fonts.regular, size: 12, color: INK },
    },
  ];
  const rowHeight = (r: (typeof rows)[number]) => 20 + r.lines.length * (r.style.size + 5) + 10;
  const boxHeight = rows.reduce((sum, r) => sum + rowHeight(r), 0) + 12;

  y -= 26;
  const boxTop = y;
  page.drawRectangle({
    x: MARGIN,
    y: boxTop - boxHeight,
    width: contentWidth,
    height: boxHeight,
    color: rgb(1, 1, 1),
    borderColor: RULE,
    borderWidth: 1,
  });
  page.drawRectangle({ x: MARGIN, y: boxTop - boxHeight, width: 5, height: boxHeight, color: BRAND });

  y = boxTop - 6;
  rows.forEach((row, index) => {
    if (index > 0)
      page.drawLine({
        start: { x: MARGIN + 20, y },
        end: { x: right - 20, y },
        thickness: 0.5,
        color: RULE,
      });
    y -= 20;
    drawText(page, row.label, MARGIN + 20, y, { font: fonts.regular, size: 9, color: MUTED });
    for (const line of row.lines) {
      y -= row.style.size + 5;
      drawText(page, line, MARGIN + 20, y, row.style);
    }
    y -= 10;
  });
  y = boxTop - boxHeight;

  // What a customer is asked most often: nothing else is needed to receive money.
  const noteLines = wrap(NO_REFERENCE_NEEDED, fonts.regular, 11, contentWidth - 36);
  const noteHeight = 22 + noteLines.length * 15;
  y -= 22;
  page.drawRectangle({
    x: MARGIN,
    y: y - noteHeight,
    width: contentWidth,
    height: noteHeight,
    color: BRAND_LIGHT,
  });
  let noteY = y - 8;
  for (const line of noteLines) {
    noteY -= 15;
    drawText(page, line, MARGIN + 18, noteY, { font: fonts.regular, size: 11, color: INK });
  }

  // Footer: who issues the document and how to reach them.
  const footer = [
    [rib.bank.legalName, ...address].join(' · '),
    [rib.bank.registration, `BIC ${rib.bic}`, rib.bank.phone, rib.bank.email].filter(Boolean).join(' · '),
  ];
  let footerY = MARGIN;
  for (const line of footer.toReversed()) {
    for (const part of wrap(line, fonts.regular, 8, contentWidth).toReversed()) {
      drawText(page, part, MARGIN, footerY, { font: fonts.regular, size: 8, color: MUTED });
      footerY += 11;
    }
  }
  page.drawLine({
    start: { x: MARGIN, y: footerY + 4 },
    end: { x: right, y: footerY + 4 },
    thickness: 0.5,
    color: RULE,
  });

  return doc.save();
}
