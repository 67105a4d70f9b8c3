import { rgb, type PDFPage } from 'pdf-lib';
import { formatEuros, formatIban } from '@comptoir/core';
import {
  BRAND,
  BRAND_LIGHT,
  INK,
  MUTED,
  RULE,
  drawRightAligned,
  drawText,
  wrap,
} from '../accounts/rib-pdf.ts';
import {
  FOOTER_HEIGHT,
  MARGIN,
  addPage,
  drawBankHeader,
  drawFooters,
  frenchLongDate,
  frenchShortDate,
  frenchTime,
  newDocument,
  type Fonts,
} from './pdf-frame.ts';
import { lineLabel, type Statement } from './statement.ts';

export const STATEMENT_TITLE = 'Relevé de compte';

const MONTHS = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** « mars 2025 ». */
export const monthName = (month: string): string => MONTHS.format(new Date(`${month}-15T12:00:00Z`));

const ROW_SIZE = 8.5;
const ROW_LEADING = 11;
const ZEBRA = rgb(0.97, 0.98, 0.985);

/** Text cut to at most `maxLines` lines of `width`, the last one ending with « … » when cut. */
function clamp(
  text: string,
  font: Fonts['regular'],
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const lines = wrap(text, font, size, width).flatMap((line) => {
    // A single word wider than the column (a long reference without spaces) is cut into pieces.
    const pieces: string[] = [];
    let rest = line;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      pieces.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    pieces.push(rest);
    return pieces;
  });
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1] ?? ''}…`;
  while (last.length > 1 && font.widthOfTextAtSize(last, size) > width) last = `${last.slice(0, -2)}…`;
  kept[maxLines - 1] = last;
  return kept;
}

interface Column {
  title: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/**
 * The statement as an A4 PDF in French: the bank, the holder and the account, the period, the
 * balances and totals, then the booked lines in a table whose header repeats on every page, and
 * « Page i / n » with the institution's identity at the foot of every page.
 */
export async function renderStatementPdf(s: Statement): Promise<Uint8Array> {
  const period = monthName(s.month);
  const { doc, fonts } = await newDocument({
    title: `${STATEMENT_TITLE} — ${period} — ${s.holder.name}`,
    subject: `${STATEMENT_TITLE} de ${period}${s.account.iban ? ` du compte ${formatIban(s.account.iban)}` : ''}`,
    bank: s.bank,
    issuedAt: s.issuedAt,
  });
  const bottom = MARGIN + FOOTER_HEIGHT;

  let { page, top } = addPage(doc, fonts, s.bank);
  const { width } = page.getSize();
  const right = width - MARGIN;
  const contentWidth = right - MARGIN;

  // Header: the bank at the left, the holder's postal block at the right (for a window envelope).
  const holderX = MARGIN + contentWidth * 0.55;
  let y = drawBankHeader(page, fonts, s.bank, top, contentWidth * 0.5);
  let holderY = top - 20;
  for (const line of wrap(s.holder.name, fonts.bold, 11, right - holderX)) {
    drawText(page, line, holderX, holderY, { font: fonts.bold, size: 11, color: INK });
    holderY -= 14;
  }
  for (const line of s.holder.address.flatMap((l) => wrap(l, fonts.regular, 10, right - holderX))) {
    drawText(page, line, holderX, holderY, { font: fonts.regular, size: 10, color: INK });
    holderY -= 13;
  }
  if (s.holder.customerNumber) {
    holderY -= 4;
    drawText(page, `N° client : ${s.holder.customerNumber}`, holderX, holderY, {
      font: fonts.regular,
      size: 9,
      color: MUTED,
    });
    holderY -= 13;
  }
  y = Math.min(y, holderY) - 14;

  // Title, period, account.
  drawText(page, STATEMENT_TITLE, MARGIN, y, { font: fonts.bold, size: 18, color: INK });
  y -= 18;
  const periodText = s.provisional
    ? `Relevé provisoire au ${frenchLongDate(s.issuedAt)} à ${frenchTime(s.issuedAt)} — ${period} en cours`
    : `Du ${frenchLongDate(s.start)} au ${frenchLongDate(new Date(s.end.getTime() - 1))}`;
  drawText(page, periodText, MARGIN, y, {
    font: fonts.regular,
    size: 10.5,
    color: s.provisional ? BRAND : MUTED,
  });
  y -= 20;

  const details: [string, string][] = [
    ['Compte', s.account.name],
    ['IBAN', s.account.iban ? formatIban(s.account.iban) : 'Espace sans IBAN (sous-compte)'],
    ['BIC', s.bank.bic],
    ['Devise', s.account.currency],
  ];
  for (const [label, value] of details) {
    drawText(page, label, MARGIN, y, { font: fonts.regular, size: 9, color: MUTED });
    const valueFont = label === 'IBAN' || label === 'BIC' ? fonts.mono : fonts.bold;
    for (const line of wrap(value, valueFont, 10, contentWidth - 70)) {
      drawText(page, line, MARGIN + 70, y, { font: valueFont, size: 10, color: INK });
      y -= 13;
    }
  }
  y -= 8;

  // Balances and totals, in a tinted band of four figures.
  const band = 46;
  page.drawRectangle({ x: MARGIN, y: y - band, width: contentWidth, height: band, color: BRAND_LIGHT });
  const figures: [string, string][] = [
    [`Solde au ${frenchShortDate(s.start)}`, formatEuros(s.opening)],
    [`Total des débits (${s.debitCount})`, formatEuros(s.totalDebits)],
    [`Total des crédits (${s.creditCount})`, formatEuros(s.totalCredits)],
    [
      s.provisional
        ? `Solde au ${frenchShortDate(s.issuedAt)}`
        : `Solde au ${frenchShortDate(new Date(s.end.getTime() - 1))}`,
      formatEuros(s.closing),
    ],
  ];
  const cell = contentWidth / figures.length;
  figures.forEach(([label, value], index) => {
    const x = MARGIN + index * cell + 10;
    drawText(page, label, x, y - 16, { font: fonts.regular, size: 8.5, color: MUTED });
    drawText(page, value, x, y - 34, { font: fonts.bold, size: 12, color: index === 3 ? BRAND : INK });
  });
  y -= band + 18;

  // The table.
  const columns: Column[] = [
    { title: 'Date', x: MARGIN, width: 52, align: 'left' },
    { title: 'Libellé', x: MARGIN + 56, width: 190, align: 'left' },
    { title: 'Référence / n° d’opération', x: MARGIN + 252, width: 130, align: 'left' },
    { title: 'Débit', x: right - 138, width: 64, align: 'right' },
    { title: 'Crédit', x: right - 64, width: 64, align: 'right' },
  ];
  const drawHeader = (target: PDFPage, at: number): number => {
    target.drawRectangle({ x: MARGIN, y: at - 18, width: contentWidth, height: 18, color: BRAND });
    for (const column of columns) {
      const style = { font: fonts.bold, size: 8.5, color: rgb(1, 1, 1) };
      if (column.align === 'right')
        drawRightAligned(target, column.title, column.x + column.width - 4, at - 12.5, style);
      else drawText(target, column.title, column.x + 4, at - 12.5, style);
    }
    return at - 18;
  };
  y = drawHeader(page, y);

  if (s.lines.length === 0) {
    y -= 20;
    drawText(page, 'Aucune opération comptabilisée sur la période.', MARGIN + 4, y, {
      font: fonts.regular,
      size: 9.5,
      color: MUTED,
    });
    y -= 10;
  }

  s.lines.forEach((line, index) => {
    const label = clamp(lineLabel(line), fonts.regular, ROW_SIZE, (columns[1]?.width ?? 0) - 8, 2);
    const refs = [
      ...clamp(line.reference ?? '', fonts.regular, ROW_SIZE - 0.5, (columns[2]?.width ?? 0) - 8, 2).filter(
        Boolean,
      ),
      line.number,
    ];
    const rowLines = Math.max(label.length, refs.length);
    const rowHeight = rowLines * ROW_LEADING + 6;
    if (y - rowHeight < bottom) {
      ({ page, top } = addPage(doc, fonts, s.bank));
      drawText(
        page,
        `${STATEMENT_TITLE} — ${period}${s.account.iban ? ` — ${formatIban(s.account.iban)}` : ''}`,
        MARGIN,
        top - 10,
        {
          font: fonts.regular,
          size: 9,
          color: MUTED,
        },
      );
      y = drawHeader(page, top - 20);
    }
    if (index % 2 === 1)
      page.drawRectangle({
        x: MARGIN,
        y: y - rowHeight,
        width: contentWidth,
        height: rowHeight,
        color: ZEBRA,
      });
    const first = y - 3 - ROW_SIZE;
    const regular = { font: fonts.regular, size: ROW_SIZE, color: INK };
    drawText(page, frenchShortDate(line.bookedAt), (columns[0]?.x ?? 0) + 4, first, regular);
    label.forEach((text, i) =>
      drawText(page, text, (columns[1]?.x ?? 0) + 4, first - i * ROW_LEADING, regular),
    );
    refs.forEach((text, i) =>
      drawText(page, text, (columns[2]?.x ?? 0) + 4, first - i * ROW_LEADING, {
        font: i === refs.length - 1 ? fonts.mono : fonts.regular,
        size: ROW_SIZE - 0.5,
        color: MUTED,
      }),
    );
    const amountColumn = line.amount < 0n ? columns[3] : columns[4];
    const abs = line.amount < 0n ? 0n - line.amount : line.amount;
    if (amountColumn)
      drawRightAligned(page, formatEuros(abs), amountColumn.x + amountColumn.width - 4, first, {
        font: fonts.bold,
        size: ROW_SIZE,
        color: INK,
      });
    y -= rowHeight;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.3, color: RULE });
  });

  // Totals and the closing balance under the table.
  const totals: [string, string, string][] = [
    ['Totaux de la période', formatEuros(s.totalDebits), formatEuros(s.totalCredits)],
    [
      s.provisional ? 'Solde provisoire' : 'Nouveau solde',
      s.closing < 0n ? formatEuros(0n - s.closing) : '',
      s.closing >= 0n ? formatEuros(s.closing) : '',
    ],
  ];
  if (y - totals.length * 18 - 6 < bottom) {
    ({ page, top } = addPage(doc, fonts, s.bank));
    y = top - 10;
  }
  y -= 4;
  for (const [label, debit, credit] of totals) {
    const style = { font: fonts.bold, size: 9, color: INK };
    drawText(page, label, (columns[1]?.x ?? 0) + 4, y - 12, style);
    if (debit)
      drawRightAligned(page, debit, (columns[3]?.x ?? 0) + (columns[3]?.width ?? 0) - 4, y - 12, style);
    if (credit)
      drawRightAligned(page, credit, (columns[4]?.x ?? 0) + (columns[4]?.width ?? 0) - 4, y - 12, style);
    y -= 18;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.6, color: RULE });
  }
  y -= 16;
  if (y > bottom + 12) {
    const note = `Document émis le ${frenchLongDate(s.issuedAt)} à ${frenchTime(s.issuedAt)}. Les dates sont celles de Luxembourg. Toute réclamation est à adresser à ${s.bank.email}.`;
    for (const text of wrap(note, fonts.regular, 8, contentWidth)) {
      if (y < bottom + 4) break;
      drawText(page, text, MARGIN, y, { font: fonts.regular, size: 8, color: MUTED });
      y -= 10;
    }
  }

  drawFooters(doc, fonts, s.bank);
  return doc.save();
}
