import { describe, expect, it } from 'vitest';
import { decisionMessage, isInstantPayment, numericDay, paymentWhen } from './psd2-payment.ts';

const SEPA = 'sepa-credit-transfers' as const;
const INSTANT = 'instant-sepa-credit-transfers' as const;
const TPP_RETURN = 'https://tpp.example/retour?state=abc';

describe('when a payment a third party initiates leaves', () => {
  it('an instant one with no day: now', () => {
    expect(paymentWhen({ product: INSTANT, executionDate: null })).toEqual({
      key: 'psd2.payment.when.instant',
      values: {},
    });
    expect(isInstantPayment({ product: INSTANT })).toBe(true);
  });

  it('a SEPA credit transfer with no day: the standard 48 h to 72 h', () => {
    expect(paymentWhen({ product: SEPA, executionDate: null })).toEqual({
      key: 'psd2.payment.when.standard',
      values: {},
    });
    expect(isInstantPayment({ product: SEPA })).toBe(false);
  });

  it('a day the third party asked for: that day, written 12/01/2027', () => {
    expect(paymentWhen({ product: SEPA, executionDate: '2027-01-12' })).toEqual({
      key: 'psd2.payment.when.on',
      values: { date: '12/01/2027' },
    });
    expect(numericDay('2026-12-01')).toBe('01/12/2026');
  });
});

describe('what the page says once the customer has decided', () => {
  it('goes back to the third party when it gave a web address', () => {
    expect(decisionMessage('consent', 'approved', { redirectUri: TPP_RETURN, paymentStatus: null })).toEqual({
      key: 'psd2.authorisation.approved',
      tone: 'done',
      returnTo: TPP_RETURN,
      paymentStatus: null,
    });
    expect(
      decisionMessage('payment', 'approved', { redirectUri: TPP_RETURN, paymentStatus: 'ACSC' }),
    ).toMatchObject({ key: 'psd2.outcome.paymentApproved', returnTo: TPP_RETURN, paymentStatus: 'ACSC' });
    expect(decisionMessage('payment', 'denied', { redirectUri: TPP_RETURN, paymentStatus: 'CANC' })).toEqual({
      key: 'psd2.authorisation.denied',
      tone: 'refused',
      returnTo: TPP_RETURN,
      paymentStatus: null,
    });
  });

  it('decoupled (no address): « C’est fait » or « Demande refusée », and the customer goes back by themself', () => {
    expect(decisionMessage('consent', 'approved', { redirectUri: null, paymentStatus: null })).toEqual({
      key: 'psd2.authorisation.approvedNoReturn',
      tone: 'done',
      returnTo: null,
      paymentStatus: null,
    });
    expect(decisionMessage('payment', 'approved', { redirectUri: null, paymentStatus: 'ACSP' })).toEqual({
      key: 'psd2.authorisation.approvedNoReturn',
      tone: 'done',
      returnTo: null,
      paymentStatus: 'ACSP',
    });
    expect(decisionMessage('payment', 'denied', { redirectUri: null, paymentStatus: null })).toMatchObject({
      key: 'psd2.authorisation.deniedNoReturn',
      returnTo: null,
    });
  });

  it('an approved payment the bank rejected says it was not executed, with its status', () => {
    expect(decisionMessage('payment', 'approved', { redirectUri: null, paymentStatus: 'RJCT' })).toEqual({
      key: 'psd2.outcome.paymentNotExecuted',
      tone: 'failed',
      returnTo: null,
      paymentStatus: 'RJCT',
    });
    expect(
      decisionMessage('payment', 'approved', { redirectUri: TPP_RETURN, paymentStatus: 'RJCT' }),
    ).toMatchObject({ key: 'psd2.outcome.paymentNotExecutedReturn', tone: 'failed', returnTo: TPP_RETURN });
  });

  it('never goes to an address that is not a web one', () => {
    expect(
      decisionMessage('consent', 'approved', { redirectUri: 'javascript:alert(1)', paymentStatus: null }),
    ).toMatchObject({ key: 'psd2.authorisation.approvedNoReturn', returnTo: null });
  });
});
