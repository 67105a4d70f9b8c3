import { describe, expect, it } from 'vitest';
import {
  answerOf,
  fraudReportForm,
  fraudReportStatus,
  isReportableOperation,
  KIND_OF_ANSWER,
} from './fraud-report-form.ts';

const schema = fraudReportForm('Répondez à la question.');
const valid = {
  description: 'Un faux conseiller m’a appelé et m’a fait valider ce virement.',
  kind: 'impersonation',
  policeReportNumber: 'PV-2024-001',
};

describe('« Signaler une fraude »’s form', () => {
  it('takes a description of 20 characters at least, the answer and the police report number', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    const short = schema.safeParse({ ...valid, description: 'Trop court.' });
    expect(short.error?.issues[0]?.message).toBe('Décrivez ce qui s’est passé (20 caractères au moins).');
    const noNumber = schema.safeParse({ ...valid, policeReportNumber: ' ' });
    expect(noNumber.error?.issues[0]?.message).toBe('Indiquez le numéro du dépôt de plainte.');
  });

  it('asks for the answer to « Quelqu’un s’est-il fait passer pour la banque ? »', () => {
    const unanswered = schema.safeParse({ ...valid, kind: undefined });
    expect(unanswered.error?.issues[0]?.message).toBe('Répondez à la question.');
    expect(KIND_OF_ANSWER.yes).toBe('impersonation');
    expect(KIND_OF_ANSWER.no).toBe('other');
    expect(answerOf('impersonation')).toBe('yes');
    expect(answerOf('other')).toBe('no');
    expect(answerOf(undefined)).toBeNull();
  });
});

describe('a report’s status line', () => {
  it('names the refund of an accepted claim, else the status', () => {
    expect(fraudReportStatus({ status: 'submitted', refundNumber: null })).toEqual({
      key: 'submitted',
      number: null,
    });
    expect(fraudReportStatus({ status: 'accepted', refundNumber: 'st-12345678' })).toEqual({
      key: 'refunded',
      number: 'st-12345678',
    });
    expect(fraudReportStatus({ status: 'accepted', refundNumber: null })).toEqual({
      key: 'accepted',
      number: null,
    });
    expect(fraudReportStatus({ status: 'rejected', refundNumber: null })).toEqual({
      key: 'rejected',
      number: null,
    });
  });
});

describe('which operations may be reported', () => {
  const sent = { kind: 'transfer', direction: 'debit', status: 'posted', rejectionReason: null } as const;
  it('a booked transfer out only', () => {
    expect(isReportableOperation(sent)).toBe(true);
    expect(isReportableOperation({ ...sent, direction: 'credit' })).toBe(false);
    expect(isReportableOperation({ ...sent, status: 'pending' })).toBe(false);
    expect(isReportableOperation({ ...sent, kind: 'card' })).toBe(false);
    expect(isReportableOperation({ ...sent, status: 'voided', rejectionReason: 'Compte clos' })).toBe(false);
  });
});
