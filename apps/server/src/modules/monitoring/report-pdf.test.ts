import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfPages } from '../../pdf/__tests__/helpers.ts';
import { renderReportPdf } from './report-pdf.ts';
import type { SuspiciousActivityReport } from './report.ts';

const operation = (i: number) => ({
  entryId: String(100 + i),
  number: `st-${20_000_000 + i}`,
  at: `2026-11-0${1 + (i % 9)}T09:${String(i % 60).padStart(2, '0')}:00.000Z`,
  kind: 'transfer',
  amount: -(120_000 + i),
  counterpartyName: `Société Écran ${i}`,
  counterpartyIban: 'DE89370400440532013000',
});

const report = (operations: number): SuspiciousActivityReport => ({
  kind: 'declaration_de_soupcon',
  reference: 'DS-1A2B3C4D',
  madeAt: '2026-11-29T10:00:00.000Z',
  sandbox: true,
  institution: {
    name: 'Comptoir',
    legalName: 'Comptoir Démo S.A.',
    bic: 'CMPTLULLXXX',
    registration: null,
    address: '12, rue de l’Exemple, L-1234 Luxembourg, Luxembourg',
  },
  subject: {
    customerNumber: '100042',
    firstName: 'Gérard',
    lastName: 'Lefèvre',
    birthDate: '1971-03-04',
    email: 'gerard@example.org',
    address: '3 rue des Lilas, 75011 Paris',
    residenceCountry: 'FR',
    profession: 'Commerçant',
    incomeRange: '30-50k',
    customerSince: '2025-01-10T08:00:00.000Z',
    ibans: ['LU280990000000100042'],
  },
  caseId: '1a2b3c4d-0000-4000-8000-000000000000',
  caseOpenedAt: '2026-11-20T08:00:00.000Z',
  findings: [
    {
      rule: 'pass_through',
      label: 'Compte de passage',
      ruleVersion: 1,
      foundAt: '2026-11-20T08:00:00.000Z',
      summary: 'Crédit de 15 000,00 € puis 14 000,00 € virés en moins de 24 h (93 %).',
      operations: Array.from({ length: operations }, (_, i) => operation(i)),
    },
  ],
  narrative: 'Fonds reçus d’un tiers inconnu et aussitôt renvoyés vers plusieurs sociétés étrangères.',
  proposedBy: { id: 'o1', name: 'Alice Conformité', email: 'alice@comptoir.example' },
  proposedAt: '2026-11-28T15:00:00.000Z',
  approvedBy: { id: 'o2', name: 'Bruno Admin', email: 'bruno@comptoir.example' },
  approvalNote: 'Approuvé.',
});

describe('the suspicious-activity report’s PDF', () => {
  it('says who reports, whom it is about, what was found, why and who decided, in French, tagged', async () => {
    const bytes = await renderReportPdf(report(3));
    const text = pdfPages(bytes).flat().join('\n');
    for (const expected of [
      'Déclaration de soupçon',
      'Référence DS-1A2B3C4D',
      'Nom : Gérard Lefèvre',
      'Numéro client : 100042',
      'Comptes : LU28 0990 0000 0010 0042',
      'Compte de passage (règle v1',
      'Crédit de 15 000,00 € puis 14 000,00 € virés en moins de 24 h (93 %).',
      'Société Écran 2',
      'Fonds reçus d’un tiers inconnu et aussitôt renvoyés vers plusieurs sociétés étrangères.',
      'Proposée par : Alice Conformité <alice@comptoir.example>',
      'Approuvée par : Bruno Admin <bruno@comptoir.example>',
    ])
      expect(text).toContain(expected);
    expect(pdfInfo(bytes)).toMatchObject({ Tagged: 'yes', Title: 'Déclaration de soupçon DS-1A2B3C4D' });
  });

  it('runs over as many pages as its operations need, losing none', async () => {
    const pages = pdfPages(await renderReportPdf(report(120)));
    expect(pages.length).toBeGreaterThan(2);
    const text = pages.flat().join('\n');
    for (let i = 0; i < 120; i++) expect(text).toContain(`st-${20_000_000 + i}`);
    expect(pages.at(-1)?.join('\n')).toContain('Approuvée par');
  });
});
