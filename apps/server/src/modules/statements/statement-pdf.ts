import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { formatEuros, formatIban } from '@comptoir/core';
import {
  BRAND,
  BRAND_LIGHT,
  INK,
  MUTED,
  RULE,
  WHITE,
  rgb,
  type FontName,
  type PdfCanvas,
} from '../../pdf/canvas.ts';
import { breathe } from './download-stream.ts';
import {
  FOOTER_HEIGHT,
  MARGIN,
  addPage,
  drawBankHeader,
  drawFooter,
  frenchLongDate,
  frenchShortDate,
  frenchTime,
  newDocument,
} from './pdf-frame.ts';
import {
  directDebitTitle,
  lineLabel,
  lineReference,
  mandateLabel,
  type Statement,
  type StatementLine,
  type StatementLines,
} from './statement.ts';

export const STATEMENT_TITLE = 'Relevé de compte';

const MONTHS = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** « mars 2025 ». */
export const monthName = (month: string): string => MONTHS.format(new Date(`${month}-15T12:00:00Z`));

const ROW_SIZE = 8.5;
const ROW_LEADING = 11;
/**
 * Every row has two lines (the label wraps once; the reference sits above the operation number); a
 * direct debit's label fits three smaller ones in the same height.
 */
const ROW_HEIGHT = 2 * ROW_LEADING + 6;
const HEADER_HEIGHT = 18;
const TOTALS_HEIGHT = 2 * 18 + 6;
const EMPTY_HEIGHT = 30;
/** Rows drawn between two pauses that let the server answer others. */
const ROWS_PER_TURN = 25;
/**
 * A direct debit's label has three lines in the row's height: « Prélèvement SEPA » (or « Remboursement
 * de prélèvement SEPA ») at the rows' size, then the creditor and « Réf. mandat : … » smaller, each
 * made smaller still (down to `DD_MIN_SIZE`) until it fits whole, cut beyond: at 6 pt a 35-character
 * mandate reference of capitals and digits fits.
 */
const DD_SIZE = 7;
const DD_LEADING = 7.25;
const DD_MIN_SIZE = 6;
const ZEBRA = rgb(0.97, 0.98, 0.985);
const BOTTOM = MARGIN + FOOTER_HEIGHT;

/** Text cut to at most `maxLines` lines of `width`, the last one ending with « … » when cut. */
function clamp(
  c: PdfCanvas,
  text: string,
  font: FontName,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const lines = c.wrap(text, font, size, width).flatMap((line) => {
    // A single word wider than the column (a long reference without spaces) is cut into pieces.
    const pieces: string[] = [];
    let rest = line;
    while (c.widthOf(rest, font, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && c.widthOf(rest.slice(0, cut), font, size) > width) cut--;
      pieces.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    pieces.push(rest);
    return pieces;
  });
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1] ?? ''}…`;
  while (last.length > 1 && c.widthOf(last, font, size) > width) last = `${last.slice(0, -2)}…`;
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
 * How many pages a statement takes, known before its lines are read (every row has the same
 * height): « Page i / n » is printed as each page is finished, so pages never wait in memory.
 */
function pageCount(lines: number, firstY: number, nextY: number): number {
  let pages = 1;
  let y = firstY;
  if (lines === 0) y -= EMPTY_HEIGHT;
  const firstRows = Math.max(0, Math.floor((firstY - BOTTOM) / ROW_HEIGHT));
  const nextRows = Math.max(1, Math.floor((nextY - BOTTOM) / ROW_HEIGHT));
  if (lines > firstRows) {
    const rest = lines - firstRows;
    pages += Math.ceil(rest / nextRows);
    y = nextY - (rest - (Math.ceil(rest / nextRows) - 1) * nextRows) * ROW_HEIGHT;
  } else y -= lines * ROW_HEIGHT;
  if (y - TOTALS_HEIGHT < BOTTOM) pages += 1;
  return pages;
}

/**
 * The statement as an A4 PDF in French: the bank, the holder and the account, the period, the
 * balances and totals, then the booked lines in a table whose header repeats on every page, and
 * « Page i / n » with the institution's identity at the foot of every page. Tagged (a table of
 * rows and cells a screen reader reads as such), DejaVu Sans embedded. Written into `out` page by
 * page as the lines come.
 */
export async function writeStatementPdf(s: Statement, lines: StatementLines, out: Writable): Promise<void> {
  const period = monthName(s.month);
  const c = newDocument({
    title: `${STATEMENT_TITLE} — ${period} — ${s.holder.name}`,
    subject: `${STATEMENT_TITLE} de ${period}${s.account.iban ? ` du compte ${formatIban(s.account.iban)}` : ''}`,
    bank: s.bank,
    issuedAt: s.issuedAt,
  });
  const output = c.output;
  output.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  const ended = once(output, 'end');

  const top = addPage(c, s.bank, 0);
  const right = c.width - MARGIN;
  const contentWidth = right - MARGIN;

  // Header: the bank at the left, the holder's postal block at the right (for a window envelope).
  const holderX = MARGIN + contentWidth * 0.55;
  let y = drawBankHeader(c, s.bank, top, contentWidth * 0.5);
  let holderY = top - 20;
  c.tag('P', () => {
    for (const line of c.wrap(s.holder.name, 'bold', 11, right - holderX)) {
      c.text(line, holderX, holderY, { font: 'bold', size: 11, color: INK });
      holderY -= 14;
    }
    for (const line of s.holder.address.flatMap((l) => c.wrap(l, 'regular', 10, right - holderX))) {
      c.text(line, holderX, holderY, { font: 'regular', size: 10, color: INK });
      holderY -= 13;
    }
    if (s.holder.customerNumber) {
      holderY -= 4;
      c.text(`N° client : ${s.holder.customerNumber}`, holderX, holderY, {
        font: 'regular',
        size: 9,
        color: MUTED,
      });
      holderY -= 13;
    }
  });
  y = Math.min(y, holderY) - 14;

  // Title, period, account.
  c.tag('H1', () => c.text(STATEMENT_TITLE, MARGIN, y, { font: 'bold', size: 18, color: INK }));
  y -= 18;
  const periodText = s.provisional
    ? `Relevé provisoire au ${frenchLongDate(s.issuedAt)} à ${frenchTime(s.issuedAt)} — ${period} en cours`
    : `Du ${frenchLongDate(s.start)} au ${frenchLongDate(new Date(s.end.getTime() - 1))}`;
  c.tag('P', () =>
    c.text(periodText, MARGIN, y, { font: 'regular', size: 10.5, color: s.provisional ? BRAND : MUTED }),
  );
  y -= 20;

  const details: [string, string][] = [
    ['Compte', s.account.name],
    ['IBAN', s.account.iban ? formatIban(s.account.iban) : 'Espace sans IBAN (sous-compte)'],
    ['BIC', s.bank.bic],
    ['Devise', s.account.currency],
  ];
  for (const [label, value] of details)
    c.tag('P', () => {
      c.text(label, MARGIN, y, { font: 'regular', size: 9, color: MUTED });
      const valueFont: FontName = label === 'IBAN' || label === 'BIC' ? 'mono' : 'bold';
      for (const line of c.wrap(value, valueFont, 10, contentWidth - 70)) {
        c.text(line, MARGIN + 70, y, { font: valueFont, size: 10, color: INK });
        y -= 13;
      }
    });
  y -= 8;

  // Balances and totals, in a tinted band of four figures.
  const band = 46;
  c.rect({ x: MARGIN, y: y - band, width: contentWidth, height: band, color: BRAND_LIGHT });
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
    c.tag('P', () => {
      c.text(label, x, y - 16, { font: 'regular', size: 8.5, color: MUTED });
      c.text(value, x, y - 34, { font: 'bold', size: 12, color: index === 3 ? BRAND : INK });
    });
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
  const [dateColumn, labelColumn, refColumn, debitColumn, creditColumn] = columns as [
    Column,
    Column,
    Column,
    Column,
    Column,
  ];
  const table = c.group('Table');
  /** The header row: read once, on the first page; page furniture where it repeats. */
  const drawHeader = (at: number, read: boolean): number => {
    c.rect({ x: MARGIN, y: at - HEADER_HEIGHT, width: contentWidth, height: HEADER_HEIGHT, color: BRAND });
    const titles = () =>
      columns.map((column) => () => {
        const style = { font: 'bold' as const, size: 8.5, color: WHITE };
        if (column.align === 'right')
          c.rightText(column.title, column.x + column.width - 4, at - 12.5, style);
        else c.text(column.title, column.x + 4, at - 12.5, style);
      });
    if (read) {
      const row = c.group('TR', table);
      for (const draw of titles()) c.tag('TH', draw, row);
      c.endGroup(row);
    } else c.artifact(() => titles().forEach((draw) => draw()), 'Pagination');
    return at - HEADER_HEIGHT;
  };
  y = drawHeader(y, true);

  const continuationTop = (() => {
    const pageTop = s.bank.sandbox ? c.height - 24 - 26 : c.height - MARGIN;
    return pageTop - 20 - HEADER_HEIGHT;
  })();
  const pages = pageCount(s.lineCount, y, continuationTop);
  let pageIndex = 0;
  const nextPage = () => {
    drawFooter(c, s.bank, pageIndex, pages);
    pageIndex += 1;
    const pageTop = addPage(c, s.bank, pageIndex);
    c.artifact(
      () =>
        c.text(
          `${STATEMENT_TITLE} — ${period}${s.account.iban ? ` — ${formatIban(s.account.iban)}` : ''}`,
          MARGIN,
          pageTop - 10,
          { font: 'regular', size: 9, color: MUTED },
        ),
      'Pagination',
    );
    return drawHeader(pageTop - 20, false);
  };

  if (s.lineCount === 0) {
    y -= 20;
    c.tag('P', () =>
      c.text('Aucune opération comptabilisée sur la période.', MARGIN + 4, y, {
        font: 'regular',
        size: 9.5,
        color: MUTED,
      }),
    );
    y -= EMPTY_HEIGHT - 20;
  }

  const refStyle = { size: ROW_SIZE - 0.5, color: MUTED };
  // Labels, references and dates repeat from row to row: each is cut to its column once.
  const cells = new Map<string, string[]>();
  const cut = (text: string, size: number, width: number, maxLines: number): string[] => {
    const key = `${size}|${width}|${maxLines}|${text}`;
    let lines = cells.get(key);
    if (!lines) {
      lines = clamp(c, text, 'regular', size, width, maxLines);
      if (cells.size > 4000) cells.clear();
      cells.set(key, lines);
    }
    return lines;
  };
  /** A line at `DD_SIZE`, made smaller (down to `DD_MIN_SIZE`) until it fits, cut beyond. */
  const fitted = (text: string, width: number): { text: string; size: number } => {
    let size = DD_SIZE;
    while (size > DD_MIN_SIZE && c.widthOf(text, 'regular', size) > width) size -= 0.5;
    return { text: cut(text, size, width, 1)[0] ?? '', size };
  };
  const dates = new Map<number, string>();
  const dateOf = (at: Date): string => {
    let text = dates.get(at.getTime());
    if (text === undefined) {
      text = frenchShortDate(at);
      if (dates.size > 1000) dates.clear();
      dates.set(at.getTime(), text);
    }
    return text;
  };
  const drawRow = (line: StatementLine, index: number) => {
    if (y - ROW_HEIGHT < BOTTOM) y = nextPage();
    if (index % 2 === 1)
      c.rect({ x: MARGIN, y: y - ROW_HEIGHT, width: contentWidth, height: ROW_HEIGHT, color: ZEBRA });
    const first = y - 3 - ROW_SIZE;
    const regular = { font: 'regular' as const, size: ROW_SIZE, color: INK };
    const dd = line.directDebit;
    const label = cut(
      dd ? directDebitTitle(dd) : lineLabel(line),
      ROW_SIZE,
      labelColumn.width - 8,
      dd ? 1 : 2,
    );
    const details = dd
      ? [
          { text: line.counterpartyName?.trim() || null, color: INK },
          { text: mandateLabel(dd), color: MUTED },
        ].flatMap(({ text, color }) => (text ? [{ ...fitted(text, labelColumn.width - 8), color }] : []))
      : [];
    const reference = cut(lineReference(line) ?? '', refStyle.size, refColumn.width - 8, 1)[0];
    const abs = line.amount < 0n ? 0n - line.amount : line.amount;
    const amountIn = (column: Column) => () =>
      c.rightText(formatEuros(abs), column.x + column.width - 4, first, { ...regular, font: 'bold' });
    const nothing = () => undefined;

    const row = c.group('TR', table);
    c.tag('TD', () => c.text(dateOf(line.bookedAt), dateColumn.x + 4, first, regular), row);
    c.tag(
      'TD',
      () => {
        label.forEach((text, i) => c.text(text, labelColumn.x + 4, first - i * ROW_LEADING, regular));
        details.forEach(({ text, size, color }, i) =>
          c.text(text, labelColumn.x + 4, first - (i + 1) * DD_LEADING, { font: 'regular', size, color }),
        );
      },
      row,
    );
    c.tag(
      'TD',
      () => {
        if (reference) c.text(reference, refColumn.x + 4, first, { ...refStyle, font: 'regular' });
        c.text(line.number, refColumn.x + 4, first - ROW_LEADING, { ...refStyle, font: 'mono' });
      },
      row,
    );
    c.tag('TD', line.amount < 0n ? amountIn(debitColumn) : nothing, row);
    c.tag('TD', line.amount < 0n ? nothing : amountIn(creditColumn), row);
    c.endGroup(row);
    y -= ROW_HEIGHT;
    c.line({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.3, color: RULE });
  };

  let index = 0;
  for await (const page of lines) {
    for (const line of page) {
      drawRow(line, index);
      index += 1;
      if (index % ROWS_PER_TURN === 0) await breathe(out);
    }
  }
  table.end();

  // Totals and the closing balance under the table.
  const totals: [string, string, string][] = [
    ['Totaux de la période', formatEuros(s.totalDebits), formatEuros(s.totalCredits)],
    [
      s.provisional ? 'Solde provisoire' : 'Nouveau solde',
      s.closing < 0n ? formatEuros(0n - s.closing) : '',
      s.closing >= 0n ? formatEuros(s.closing) : '',
    ],
  ];
  if (y - TOTALS_HEIGHT < BOTTOM) {
    drawFooter(c, s.bank, pageIndex, pages);
    pageIndex += 1;
    y = addPage(c, s.bank, pageIndex) - 10;
  }
  y -= 4;
  for (const [label, debit, credit] of totals) {
    const style = { font: 'bold' as const, size: 9, color: INK };
    c.tag('P', () => {
      c.text(label, labelColumn.x + 4, y - 12, style);
      if (debit) c.rightText(debit, debitColumn.x + debitColumn.width - 4, y - 12, style);
      if (credit) c.rightText(credit, creditColumn.x + creditColumn.width - 4, y - 12, style);
    });
    y -= 18;
    c.line({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.6, color: RULE });
  }
  y -= 16;
  if (y > BOTTOM + 12) {
    const note = `Document émis le ${frenchLongDate(s.issuedAt)} à ${frenchTime(s.issuedAt)}. Les dates sont celles de Luxembourg. Toute réclamation est à adresser à ${s.bank.email}.`;
    c.tag('P', () => {
      for (const text of c.wrap(note, 'regular', 8, contentWidth)) {
        if (y < BOTTOM + 4) break;
        c.text(text, MARGIN, y, { font: 'regular', size: 8, color: MUTED });
        y -= 10;
      }
    });
  }
  drawFooter(c, s.bank, pageIndex, pages);
  if (pageIndex + 1 !== pages)
    throw new Error(`statement ${s.month}: ${pageIndex + 1} pages drawn, ${pages} announced`);

  c.end();
  await ended;
}
