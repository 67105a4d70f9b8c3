import { formatEuros, formatIban } from '@comptoir/core';
import { BRAND, BRAND_LIGHT, INK, MUTED, collect, type TextStyle } from '../../pdf/canvas.ts';
import {
  MARGIN,
  addPage,
  drawBankHeader,
  drawFooter,
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

/** « Attestation de solde » as a one-page A4 PDF, in French: tagged, with its fonts embedded. */
export async function renderCertificatePdf(cert: BalanceCertificate): Promise<Uint8Array> {
  const c = newDocument({
    title: `${CERTIFICATE_TITLE} — ${cert.holder.name}`,
    subject: `${CERTIFICATE_TITLE} du compte ${formatIban(cert.iban)}`,
    bank: cert.bank,
    issuedAt: cert.issuedAt,
  });
  const bytes = collect(c.output);
  const top = addPage(c, cert.bank, 0);
  const right = c.width - MARGIN;
  const contentWidth = right - MARGIN;

  let y = drawBankHeader(c, cert.bank, top, contentWidth);
  y -= 40;
  c.tag('H1', () => c.text(CERTIFICATE_TITLE, MARGIN, y, { font: 'bold', size: 22, color: INK }));
  y -= 34;

  const body: TextStyle = { font: 'regular', size: 11, color: INK };
  const paragraph = (text: string, after = 10) => {
    c.tag('P', () => {
      for (const line of c.wrap(text, body.font, body.size, contentWidth)) {
        c.text(line, MARGIN, y, body);
        y -= 16;
      }
    });
    y -= after;
  };

  const holderAddress = cert.holder.address.length ? `, demeurant ${cert.holder.address.join(', ')}` : '';
  const client = cert.holder.customerNumber ? ` (client n° ${cert.holder.customerNumber})` : '';
  paragraph(
    `${cert.bank.legalName}, établissement de crédit dont le siège est situé ${cert.bank.address.street}, ` +
      `${cert.bank.address.postalCode} ${cert.bank.address.city}, atteste que ${cert.holder.name}${client}${holderAddress}, ` +
      `est titulaire dans ses livres du compte « ${cert.accountName} » ouvert le ${frenchLongDate(cert.openedAt)} :`,
  );

  // The account and the balance, framed.
  const boxHeight = 118;
  c.rect({ x: MARGIN, y: y - boxHeight, width: contentWidth, height: boxHeight, color: BRAND_LIGHT });
  c.rect({ x: MARGIN, y: y - boxHeight, width: 5, height: boxHeight, color: BRAND });
  const label: TextStyle = { font: 'regular', size: 9, color: MUTED };
  const value: TextStyle = { font: 'mono', size: 13, color: INK };
  let boxY = y - 22;
  const bicX = MARGIN + 20 + contentWidth * 0.62;
  c.tag('P', () => {
    c.text('IBAN', MARGIN + 20, boxY, label);
    c.text(formatIban(cert.iban), MARGIN + 20, boxY - 17, value);
  });
  c.tag('P', () => {
    c.text('BIC', bicX, boxY, label);
    c.text(cert.bank.bic, bicX, boxY - 17, value);
  });
  boxY -= 17 + 26;
  const side = cert.balance < 0n ? 'débiteur' : 'créditeur';
  c.tag('P', () => {
    c.text(
      `Solde comptable au ${frenchLongDate(cert.issuedAt)} à ${frenchTime(cert.issuedAt)} (heure de Luxembourg)`,
      MARGIN + 20,
      boxY,
      label,
    );
    c.text(
      `${formatEuros(cert.balance < 0n ? -cert.balance : cert.balance)} (${side})`,
      MARGIN + 20,
      boxY - 24,
      { font: 'bold', size: 20, color: BRAND },
    );
  });
  y -= boxHeight + 26;

  paragraph(
    'Ce solde est celui des opérations comptabilisées à cet instant ; les opérations en cours (paiements par ' +
      'carte non encore débités, virements en attente) n’y figurent pas.',
  );
  paragraph(ON_REQUEST, 22);
  paragraph(`Fait à ${cert.bank.address.city}, le ${frenchLongDate(cert.issuedAt)}.`, 8);
  const signX = MARGIN + contentWidth * 0.55;
  c.tag('P', () => {
    c.text(`Pour ${cert.bank.name}`, signX, y, { font: 'bold', size: 11, color: INK });
    y -= 15;
    for (const line of c.wrap(
      'Document émis électroniquement, valable sans signature.',
      'regular',
      9,
      contentWidth * 0.45,
    )) {
      c.text(line, signX, y, { font: 'regular', size: 9, color: MUTED });
      y -= 12;
    }
  });

  drawFooter(c, cert.bank, 0, 1);
  c.end();
  return bytes;
}
