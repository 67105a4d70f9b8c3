import { describe, expect, it } from 'vitest';
import { RailTimeout, sendWithin, type InstantPayment } from './instant-rail.ts';
import { reasonMessage, TIMEOUT_MESSAGE } from './reason-codes.ts';
import { sandboxInstantRail } from './sandbox-instant-rail.ts';

const payment = (payeeIban: string): InstantPayment => ({
  transferId: '7b0b7a4e-2f7e-4c43-9a34-0d2f4f8f1c11',
  amount: 1_000n,
  payeeIban,
  payeeName: 'X',
  payeeBic: null,
  payerIban: 'LU280019400644750000',
  payerName: 'Camille Martin',
  reference: '',
});

describe('sandbox instant rail', () => {
  const rail = sandboxInstantRail({ delayMs: 1 });

  it('answers each sandbox IBAN as documented; any other IBAN settles', async () => {
    expect(await rail.send(payment('DE55370400440532014000'))).toEqual({ outcome: 'settled' });
    expect(await rail.send(payment('DE28370400440532014001'))).toEqual({
      outcome: 'rejected',
      reasonCode: 'AC04',
    });
    expect(await rail.send(payment('DE98370400440532014002'))).toEqual({
      outcome: 'rejected',
      reasonCode: 'AC01',
    });
    expect(await rail.send(payment('FR7630006000011234567890189'))).toEqual({ outcome: 'settled' });
  });

  it('the silent bank never answers: the bounded send times out; its status stays unknown', async () => {
    await expect(sendWithin(rail, payment('DE71370400440532014003'), 50)).rejects.toBeInstanceOf(RailTimeout);
    expect(await rail.status(payment('DE71370400440532014003'))).toEqual({ outcome: 'unknown' });
    expect(await rail.status(payment('DE28370400440532014001'))).toEqual({
      outcome: 'rejected',
      reasonCode: 'AC04',
    });
  });

  it('French messages of the reason codes', () => {
    expect(reasonMessage('AC04')).toBe('Virement refusé : le compte du bénéficiaire est clôturé (AC04)');
    expect(reasonMessage('AC01')).toBe(
      'Virement refusé : le numéro de compte du bénéficiaire est incorrect (AC01)',
    );
    expect(reasonMessage('AB05')).toBe(TIMEOUT_MESSAGE);
    expect(TIMEOUT_MESSAGE).toBe("Virement refusé : la banque du bénéficiaire n'a pas répondu");
    expect(reasonMessage('ZZ99')).toBe('Virement refusé par la banque du bénéficiaire (ZZ99)');
  });
});
