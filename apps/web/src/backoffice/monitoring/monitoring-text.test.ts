import { describe, expect, it } from 'vitest';
import type { MonitoringCase } from '@comptoir/contracts';
import { caseActions, caseBadge, customerName, incomeLabel, isCustomerStatus } from './monitoring-text.ts';

const proposer = { id: 'op-a', name: 'Claire Conformité', email: 'claire@exemple.test' };
const proposal: MonitoringCase['proposal'] = {
  by: proposer,
  at: '2026-03-02T10:00:00.000Z',
  note: 'Les fonds reçus repartent aussitôt.',
};

describe('a case’s badge', () => {
  it('says its status while it waits, its decision once closed', () => {
    expect(caseBadge('open', null)).toBe('open');
    expect(caseBadge('report_proposed', null)).toBe('report_proposed');
    expect(caseBadge('closed', 'no_suspicion')).toBe('no_suspicion');
    expect(caseBadge('closed', 'report')).toBe('report');
  });
});

describe('the steps offered on a case (four eyes; the server decides again)', () => {
  it('offers a note, « sans suite » and a proposal on an open case', () => {
    expect(caseActions({ status: 'open', proposal: null }, 'op-a')).toEqual({
      note: true,
      noSuspicion: true,
      report: true,
      approve: false,
      ownProposal: false,
    });
  });

  it('offers the approval and « sans suite » to another operator than the proposer', () => {
    expect(caseActions({ status: 'report_proposed', proposal }, 'op-b')).toEqual({
      note: true,
      noSuspicion: true,
      report: false,
      approve: true,
      ownProposal: false,
    });
  });

  it('tells the proposer that another operator must approve, and offers them only a note', () => {
    expect(caseActions({ status: 'report_proposed', proposal }, 'op-a')).toEqual({
      note: true,
      noSuspicion: false,
      report: false,
      approve: false,
      ownProposal: true,
    });
  });

  it('offers nothing on a closed case, nor to no one signed in', () => {
    const none = { note: false, noSuspicion: false, report: false, approve: false, ownProposal: false };
    expect(caseActions({ status: 'closed', proposal }, 'op-b')).toEqual(none);
    expect(caseActions({ status: 'open', proposal: null }, null)).toEqual(none);
  });
});

describe('the customer’s file', () => {
  it('names the customer, or nothing once anonymised', () => {
    expect(customerName({ firstName: 'Jeanne', lastName: 'Martin' })).toBe('Jeanne Martin');
    expect(customerName({ firstName: null, lastName: null })).toBe('');
  });

  it('says the declared income in the application’s words, an unknown range as it is', () => {
    expect(incomeLabel('1500_3000')).toBe('De 1 500 € à 3 000 € par mois');
    expect(incomeLabel('autre')).toBe('autre');
    expect(incomeLabel(null)).toBeNull();
  });

  it('knows a customer status from another word', () => {
    expect(isCustomerStatus('active')).toBe(true);
    expect(isCustomerStatus('anonymised')).toBe(false);
  });
});
