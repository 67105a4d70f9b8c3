import { describe, expect, it } from 'vitest';
import { Email, FORBIDDEN_CHARACTER_MESSAGE, text } from './common.ts';
import { LoginRequest } from './auth.ts';
import { ContactRequest } from './contact.ts';
import { OnboardingStartRequest } from './onboarding.ts';
import { BackofficeCustomersQuery } from './backoffice.ts';
import { IncomingTransferRequest } from './sandbox.ts';
import { OperationsQuery } from './accounts.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('text', () => {
  it('refuses a NUL character with a French message, and keeps the rest of the chain', () => {
    const name = text().trim().min(1).max(5);
    expect(name.parse('  Léa ')).toBe('Léa');
    expect(messages(name.safeParse('L\u0000a'))).toEqual([FORBIDDEN_CHARACTER_MESSAGE]);
    expect(messages(Email.safeParse('a\u0000@exemple.fr'))).toContain(FORBIDDEN_CHARACTER_MESSAGE);
  });

  it('refuses a lone surrogate (text that is not Unicode), and keeps the pairs of an emoji', () => {
    expect(messages(text().safeParse('a\ud800b'))).toEqual([FORBIDDEN_CHARACTER_MESSAGE]);
    expect(messages(text().safeParse('\udc00'))).toEqual([FORBIDDEN_CHARACTER_MESSAGE]);
    expect(text().parse('Léa 👩🏽‍💻 名前')).toBe('Léa 👩🏽‍💻 名前');
  });

  it('is what the request schemas are made of', () => {
    expect(messages(LoginRequest.safeParse({ email: 'a\u0000b', password: 'x' }))).toContain(
      FORBIDDEN_CHARACTER_MESSAGE,
    );
    expect(
      messages(OnboardingStartRequest.safeParse({ country: 'FR', income: 'lt_1500', profession: '\u0000' })),
    ).toContain(FORBIDDEN_CHARACTER_MESSAGE);
    expect(
      messages(
        ContactRequest.safeParse({
          name: 'a',
          company: 'b',
          email: 'c@d.fr',
          message: 'x\u0000',
          consent: true,
        }),
      ),
    ).toContain(FORBIDDEN_CHARACTER_MESSAGE);
    expect(messages(BackofficeCustomersQuery.safeParse({ q: 'a\u0000' }))).toContain(
      FORBIDDEN_CHARACTER_MESSAGE,
    );
    expect(messages(OperationsQuery.safeParse({ q: 'a\u0000' }))).toContain(FORBIDDEN_CHARACTER_MESSAGE);
    expect(
      messages(
        IncomingTransferRequest.safeParse({
          iban: 'LU280019400644750000',
          amount: 100,
          debtorName: 'Jean\u0000',
          debtorIban: 'FR7630006000011234567890189',
        }),
      ),
    ).toContain(FORBIDDEN_CHARACTER_MESSAGE);
  });
});
