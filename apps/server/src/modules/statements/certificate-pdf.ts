import { formatEuros, formatIban } from '@comptoir/core';
import { BRAND, BRAND_LIGHT, INK, MUTED, drawText, wrap } from '../accounts/rib-pdf.ts';
import {
  MARGIN,
  addPage,
  drawBankHeader,
  drawFooters,
  frenchLongDate,
  frenchTime,
  newDocument,
} from './pdf-frame.ts';
import type { StatementBank, StatementHolder } from './statement.ts';

export const CERTIFICATE_TITLE = 'Attestation de solde';
export const ON_REQUEST =
  'La présente attestation est délivrée à la demande du titulaire du compte, pour servir et valoir ce que de droit.';

/** Everything a balance certificate shows; the service gathers it, this file only lays it out. */
export interface BalanceCertificate {
  holder: StatementHolder;
  accountName: string;
  iban: string;
  openedAt: Date;
  /** The booked balance at `issuedAt` (pending card payments are not booked yet). */
  balance: bigint;
  issuedAt: Date;
  bank: StatementBank;
}

/** « Attestation de solde » as a one-page A4 PDF, in French, at the moment of issue. */
export async function renderCertificatePdf(c: BalanceCertificate): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument({
    title: `${CERTIFICATE_TITLE} — ${c.holder.name}`,
    subject: `${CERTIFICATE_TITLE} du compte ${formatIban(c.iban)}`,
    bank: c.bank,
    issuedAt: c.issuedAt,
  });
  const { page, top } = addPage(doc, fonts, c.bank);
  const { width } = page.getSize();
  const right = width - MARGIN;
  const contentWidth = right - MARGIN;

  let y = drawBankHeader(page, fonts, c.bank, top, contentWidth);
  y -= 40;
  drawText(page, CERTIFICATE_TITLE, MARGIN, y, { font: fonts.bold, size: 22, color: INK });
  y -= 34;

  const body = { font: fonts.regular, size: 11, color: INK };
  const paragraph = (text: string, after = 10) => {
    for (const line of wrap(text, body.font, body.size, contentWidth)) {
      drawText(page, line, MARGIN, y, body);
      y -= 16;
    }
    y -= after;
  };

  const holderAddress = c.holder.address.length ? `, demeurant ${c.holder.address.join(', ')}` : '';
  const client = c.holder.customerNumber ? ` (client n° ${c.holder.customerNumber})` : '';
  paragraph(
    `${c.bank.legalName}, établissement de crédit dont le siège est situé ${c.bank.address.street}, ` +
      `${c.bank.address.postalCode} ${c.bank.address.city}, atteste que ${c.holder.name}${client}${holderAddress}, ` +
      `est titulaire dans ses livres du compte « ${c.accountName} » ouvert le ${frenchLongDate(c.openedAt)} :`,
  );

  // The account and the balance, framed.
  const boxHeight = 118;
  page.drawRectangle({
    x: MARGIN,
    y: y - boxHeight,
    width: contentWidth,
    height: boxHeight,
    color: BRAND_LIGHT,
  });
  page.drawRectangle({ x: MARGIN, y: y - boxHeight, width: 5, height: boxHeight, color: BRAND });
  const label = { font: fonts.regular, size: 9, color: MUTED };
  let boxY = y - 22;
  drawText(page, 'IBAN', MARGIN + 20, boxY, label);
  drawText(page, 'BIC', MARGIN + 20 + contentWidth * 0.62, boxY, label);
  boxY -= 17;
  drawText(page, formatIban(c.iban), MARGIN + 20, boxY, { font: fonts.mono, size: 13, color: INK });
  drawText(page, c.bank.bic, MARGIN + 20 + contentWidth * 0.62, boxY, {
    font: fonts.mono,
    size: 13,
    color: INK,
  });
  boxY -= 26;
  drawText(
    page,
    `Solde comptable au ${frenchLongDate(c.issuedAt)} à ${frenchTime(c.issuedAt)} (heure de Luxembourg)`,
    MARGIN + 20,
    boxY,
    label,
  );
  boxY -= 24;
  const side = c.balance < 0n ? 'débiteur' : 'créditeur';
  drawText(page, `${formatEuros(c.balance < 0n ? -c.balance : c.balance)} (${side})`, MARGIN + 20, boxY, {
    font: fonts.bold,
    size: 20,
    color: BRAND,
  });
  y -= boxHeight + 26;

  paragraph(
    'Ce solde est celui des opérations comptabilisées à cet instant ; les opérations en cours (paiements par ' +
      'carte non encore débités, virements en attente) n’y figurent pas.',
  );
  paragraph(ON_REQUEST, 22);
  paragraph(`Fait à ${c.bank.address.city}, le ${frenchLongDate(c.issuedAt)}.`, 8);
  drawText(page, `Pour ${c.bank.name}`, MARGIN + contentWidth * 0.55, y, {
    font: fonts.bold,
    size: 11,
    color: INK,
  });
  y -= 15;
  for (const line of wrap(
    'Document émis électroniquement, valable sans signature.',
    fonts.regular,
    9,
    contentWidth * 0.45,
  )) {
    drawText(page, line, MARGIN + contentWidth * 0.55, y, { font: fonts.regular, size: 9, color: MUTED });
    y -= 12;
  }

  drawFooters(doc, fonts, c.bank);
  return doc.save();
}
