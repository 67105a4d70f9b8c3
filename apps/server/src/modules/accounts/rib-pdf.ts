import { formatIban } from '@comptoir/core';
import {
  BRAND,
  BRAND_LIGHT,
  INK,
  MUTED,
  PdfCanvas,
  RULE,
  WARNING_BG,
  WARNING_INK,
  WHITE,
  collect,
  type TextStyle,
} from '../../pdf/canvas.ts';
import { SANDBOX_NOTICE } from '../../pdf/sandbox-notice.ts';

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

const MARGIN = 56;

const issueDate = (at: Date): string =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Luxembourg' }).format(at);

/** The RIB as a one-page A4 PDF, in French: tagged, with its fonts embedded. */
export async function renderRibPdf(rib: RibDocument): Promise<Uint8Array> {
  const c = new PdfCanvas({
    title: `${RIB_TITLE} — ${rib.holder}`,
    author: rib.bank.legalName,
    subject: `${RIB_TITLE} du compte ${formatIban(rib.iban)}`,
    creator: rib.bank.name,
    issuedAt: rib.issuedAt,
  });
  const bytes = collect(c.output);
  c.addPage();
  const { width, height } = c;
  const right = width - MARGIN;
  const contentWidth = right - MARGIN;
  let y = height;

  if (rib.sandbox) {
    c.rect({ x: 0, y: height - 30, width, height: 30, color: WARNING_BG });
    const style: TextStyle = { font: 'bold', size: 10, color: WARNING_INK };
    const noticeWidth = c.widthOf(SANDBOX_NOTICE, 'bold', 10);
    c.tag('P', () => c.text(SANDBOX_NOTICE, (width - noticeWidth) / 2, height - 19, style));
    y -= 30;
  }

  // Header: the bank, and the date of issue at the right; a long name gets smaller, then wraps.
  const issued: TextStyle = { font: 'regular', size: 10, color: MUTED };
  const issuedText = `Émis le ${issueDate(rib.issuedAt)}`;
  const nameWidth = contentWidth - c.widthOf(issuedText, 'regular', issued.size) - 24;
  let nameSize = 24;
  let nameLines = c.wrap(rib.bank.name, 'bold', nameSize, nameWidth);
  if (nameLines.length > 1) {
    nameSize = 16;
    nameLines = c.wrap(rib.bank.name, 'bold', nameSize, nameWidth);
  }
  y -= 28 + nameSize;
  const nameTop = y;
  c.tag('P', () => {
    nameLines.forEach((line, index) => {
      if (index > 0) y -= nameSize + 4;
      c.text(line, MARGIN, y, { font: 'bold', size: nameSize, color: BRAND });
    });
    y -= 4;
    for (const line of c.wrap(rib.bank.legalName, 'regular', 9, contentWidth)) {
      y -= 12;
      c.text(line, MARGIN, y, { font: 'regular', size: 9, color: MUTED });
    }
  });
  c.tag('P', () => c.rightText(issuedText, right, nameTop + nameSize - 12, issued));
  y -= 14;
  c.line({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 1.5, color: BRAND });

  // Title.
  y -= 44;
  c.tag('H1', () => c.text(RIB_TITLE, MARGIN, y, { font: 'bold', size: 22, color: INK }));
  y -= 8;
  c.tag('P', () => {
    for (const line of c.wrap(`Compte : ${rib.accountName}`, 'regular', 11, contentWidth)) {
      y -= 14;
      c.text(line, MARGIN, y, { font: 'regular', size: 11, color: MUTED });
    }
  });

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
      lines: c.wrap(rib.holder, 'bold', 13, valueWidth),
      style: { font: 'bold', size: 13, color: INK },
    },
    { label: 'IBAN', lines: [formatIban(rib.iban)], style: { font: 'monoBold', size: 15, color: INK } },
    { label: 'BIC', lines: [rib.bic], style: { font: 'monoBold', size: 15, color: INK } },
    {
      label: 'Banque',
      lines: c.wrap(rib.bank.name, 'bold', 13, valueWidth),
      style: { font: 'bold', size: 13, color: INK },
    },
    {
      label: 'Adresse de la banque',
      lines: address.flatMap((line) => c.wrap(line, 'regular', 12, valueWidth)),
      style: { font: 'regular', size: 12, color: INK },
    },
  ];
  const rowHeight = (r: (typeof rows)[number]) => 20 + r.lines.length * (r.style.size + 5) + 10;
  const boxHeight = rows.reduce((sum, r) => sum + rowHeight(r), 0) + 12;

  y -= 26;
  const boxTop = y;
  c.rect({
    x: MARGIN,
    y: boxTop - boxHeight,
    width: contentWidth,
    height: boxHeight,
    color: WHITE,
    borderColor: RULE,
    borderWidth: 1,
  });
  c.rect({ x: MARGIN, y: boxTop - boxHeight, width: 5, height: boxHeight, color: BRAND });

  // A definition list: each label, then its value.
  const list = c.group('L');
  y = boxTop - 6;
  rows.forEach((row, index) => {
    if (index > 0)
      c.line({ start: { x: MARGIN + 20, y }, end: { x: right - 20, y }, thickness: 0.5, color: RULE });
    const item = c.group('LI', list);
    y -= 20;
    c.tag('Lbl', () => c.text(row.label, MARGIN + 20, y, { font: 'regular', size: 9, color: MUTED }), item);
    c.tag(
      'LBody',
      () => {
        for (const line of row.lines) {
          y -= row.style.size + 5;
          c.text(line, MARGIN + 20, y, row.style);
        }
      },
      item,
    );
    item.end();
    y -= 10;
  });
  list.end();
  y = boxTop - boxHeight;

  // What a customer is asked most often: nothing else is needed to receive money.
  const noteLines = c.wrap(NO_REFERENCE_NEEDED, 'regular', 11, contentWidth - 36);
  const noteHeight = 22 + noteLines.length * 15;
  y -= 22;
  c.rect({ x: MARGIN, y: y - noteHeight, width: contentWidth, height: noteHeight, color: BRAND_LIGHT });
  let noteY = y - 8;
  c.tag('P', () => {
    for (const line of noteLines) {
      noteY -= 15;
      c.text(line, MARGIN + 18, noteY, { font: 'regular', size: 11, color: INK });
    }
  });

  // Footer: who issues the document and how to reach them.
  const footer = [
    [rib.bank.legalName, ...address].join(' · '),
    [rib.bank.registration, `BIC ${rib.bic}`, rib.bank.phone, rib.bank.email].filter(Boolean).join(' · '),
  ];
  const footerLines = footer.flatMap((line) => c.wrap(line, 'regular', 8, contentWidth));
  let footerY = MARGIN + footerLines.length * 11;
  c.line({
    start: { x: MARGIN, y: footerY + 4 },
    end: { x: right, y: footerY + 4 },
    thickness: 0.5,
    color: RULE,
  });
  c.tag('P', () => {
    for (const part of footerLines) {
      footerY -= 11;
      c.text(part, MARGIN, footerY, { font: 'regular', size: 8, color: MUTED });
    }
  });

  c.end();
  return bytes;
}
