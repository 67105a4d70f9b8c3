import { formatIban, formatSignedEuros } from '@comptoir/core';
import {
  BRAND,
  INK,
  MUTED,
  PdfCanvas,
  RULE,
  WARNING_BG,
  WARNING_INK,
  collect,
  type TextStyle,
} from '../../pdf/canvas.ts';
import { SANDBOX_NOTICE } from '../../pdf/sandbox-notice.ts';
import type { SuspiciousActivityReport } from './report.ts';

const MARGIN = 50;
const TITLE = 'Déclaration de soupçon';
const BODY: TextStyle = { font: 'regular', size: 10, color: INK };
const SMALL: TextStyle = { font: 'regular', size: 8.5, color: MUTED };
const LABEL: TextStyle = { font: 'bold', size: 10, color: INK };
const H2: TextStyle = { font: 'bold', size: 13, color: BRAND };

const when = (iso: string): string =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso));

/** The report as an A4 PDF in French, tagged, its fonts embedded; as many pages as its operations need. */
export async function renderReportPdf(r: SuspiciousActivityReport): Promise<Uint8Array> {
  const c = new PdfCanvas({
    title: `${TITLE} ${r.reference}`,
    author: r.institution.legalName,
    subject: `${TITLE} — client n° ${r.subject.customerNumber}`,
    creator: r.institution.name,
    issuedAt: new Date(r.madeAt),
  });
  const bytes = collect(c.output);
  const width = c.width - 2 * MARGIN;
  let y = 0;
  const page = () => {
    c.addPage();
    y = c.height - MARGIN;
    if (r.sandbox) {
      c.rect({ x: 0, y: c.height - 26, width: c.width, height: 26, color: WARNING_BG });
      c.artifact(() =>
        c.text(SANDBOX_NOTICE, MARGIN, c.height - 17, { font: 'bold', size: 9, color: WARNING_INK }),
      );
      y -= 10;
    }
  };
  const room = (needed: number) => {
    if (y - needed < MARGIN) page();
  };
  const paragraph = (text: string, style: TextStyle = BODY, indent = 0) => {
    c.tag('P', () => {
      for (const line of c.wrap(text, style.font, style.size, width - indent)) {
        room(style.size + 4);
        y -= style.size + 4;
        c.text(line, MARGIN + indent, y, style);
      }
    });
  };
  const heading = (text: string) => {
    room(40);
    y -= 18;
    c.tag('H2', () => c.text(text, MARGIN, y - H2.size, H2));
    y -= H2.size + 6;
    c.line({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.8, color: RULE });
    y -= 4;
  };
  const field = (label: string, value: string | null) => paragraph(`${label} : ${value ?? '—'}`);

  page();
  c.tag('H1', () => c.text(TITLE, MARGIN, y - 20, { font: 'bold', size: 20, color: INK }));
  y -= 30;
  paragraph(
    `Référence ${r.reference} — établie le ${when(r.madeAt)} — confidentielle : le client n’en est pas informé.`,
    SMALL,
  );

  heading('Établissement déclarant');
  field('Dénomination', `${r.institution.legalName} (${r.institution.name})`);
  field('BIC', r.institution.bic);
  field('Immatriculation', r.institution.registration);
  field('Adresse', r.institution.address);

  heading('Personne concernée');
  const s = r.subject;
  field('Nom', [s.firstName, s.lastName].filter(Boolean).join(' ') || null);
  field('Numéro client', s.customerNumber);
  field('Date de naissance', s.birthDate);
  field('Adresse', s.address);
  field('Pays de résidence', s.residenceCountry);
  field('Profession', s.profession);
  field('Revenus déclarés', s.incomeRange);
  field('E-mail', s.email);
  field('Client depuis', when(s.customerSince));
  field('Comptes', s.ibans.map(formatIban).join(' ; ') || null);

  heading('Faits relevés');
  for (const f of r.findings) {
    room(50);
    y -= 4;
    paragraph(`${f.label} (règle v${f.ruleVersion}, relevée le ${when(f.foundAt)})`, LABEL);
    paragraph(f.summary);
    for (const o of f.operations)
      paragraph(
        `${when(o.at)}  ${o.number}  ${formatSignedEuros(BigInt(o.amount))}  ${o.counterpartyName ?? ''}${
          o.counterpartyIban ? ` (${formatIban(o.counterpartyIban)})` : ''
        }`,
        SMALL,
        12,
      );
  }

  heading('Exposé des motifs');
  paragraph(r.narrative);

  heading('Décision');
  field('Proposée par', `${r.proposedBy.name} <${r.proposedBy.email}>, le ${when(r.proposedAt)}`);
  field('Approuvée par', `${r.approvedBy.name} <${r.approvedBy.email}>, le ${when(r.madeAt)}`);
  if (r.approvalNote) field('Note d’approbation', r.approvalNote);

  c.end();
  return bytes;
}
