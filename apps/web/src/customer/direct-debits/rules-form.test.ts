import { describe, expect, it } from 'vitest';
import { creditorIdsOf, rulesForm, rulesValuesOf } from './rules-form.ts';

const schema = rulesForm((id) => `invalide : ${id}`);

describe('the rules form of direct debits', () => {
  it('reads one identifier a line (or separated by commas), in their electronic form, once each', () => {
    expect(creditorIdsOf(' FR72ZZZ123456 \n\n fr72 abc 123456, DE98ZZZ09999999999 ;')).toEqual([
      'FR72ZZZ123456',
      'fr72 abc 123456',
      'DE98ZZZ09999999999',
    ]);
    expect(schema.parse({ blockAll: false, allowed: 'fr72zzz123456\nFR72ZZZ123456', blocked: '' })).toEqual({
      blockAll: false,
      allowedCreditorIds: ['FR72ZZZ123456'],
      blockedCreditorIds: [],
    });
    expect(schema.parse({ blockAll: true, allowed: '', blocked: 'DE98ZZZ09999999999' })).toEqual({
      blockAll: true,
      allowedCreditorIds: [],
      blockedCreditorIds: ['DE98ZZZ09999999999'],
    });
  });

  it('names the first identifier that is not a Creditor Identifier, on its list', () => {
    const parsed = schema.safeParse({
      blockAll: false,
      allowed: 'FR72ZZZ123456',
      blocked: 'FR72ZZZ123456\nFR73ZZZ123456\nEDF',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['blocked', 'invalide : FR73ZZZ123456'],
    ]);
  });

  it('shows the saved rules back, one identifier a line', () => {
    expect(
      rulesValuesOf({
        blockAll: false,
        allowedCreditorIds: ['FR72ZZZ123456', 'DE98ZZZ09999999999'],
        blockedCreditorIds: [],
      }),
    ).toEqual({ blockAll: false, allowed: 'FR72ZZZ123456\nDE98ZZZ09999999999', blocked: '' });
  });
});
