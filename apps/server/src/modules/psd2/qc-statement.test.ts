import { describe, expect, it } from 'vitest';
import * as asn1js from 'asn1js';
import { decodePsd2QcStatements, encodePsd2QcStatements, PSD2_QC_STATEMENT_OID } from './qc-statement.ts';

const ACPR = { authorityName: 'Autorité de contrôle prudentiel et de résolution', authorityId: 'FR-ACPR' };

describe('the PSD2 QCStatement (ETSI TS 119 495 §5.1)', () => {
  it.each([[['PSP_AI']], [['PSP_PI']], [['PSP_IC']], [['PSP_PI', 'PSP_AI', 'PSP_IC']], [[]]] as const)(
    'carries the roles %j and the authority both ways',
    (roles) => {
      const statement = { roles: [...roles], ...ACPR };
      expect(decodePsd2QcStatements(encodePsd2QcStatements(statement))).toEqual(statement);
    },
  );

  it('reads a role from its object identifier, never from its name', () => {
    const lying = new asn1js.Sequence({
      value: [
        new asn1js.Sequence({
          value: [
            new asn1js.ObjectIdentifier({ value: PSD2_QC_STATEMENT_OID }),
            new asn1js.Sequence({
              value: [
                new asn1js.Sequence({
                  value: [
                    new asn1js.Sequence({
                      value: [
                        new asn1js.ObjectIdentifier({ value: '0.4.0.19495.1.3' }),
                        new asn1js.Utf8String({ value: 'PSP_PI' }),
                      ],
                    }),
                  ],
                }),
                new asn1js.Utf8String({ value: 'x' }),
                new asn1js.Utf8String({ value: 'FR-ACPR' }),
              ],
            }),
          ],
        }),
      ],
    }).toBER();
    expect(decodePsd2QcStatements(lying)?.roles).toEqual(['PSP_AI']);
  });

  it('finds nothing in other statements or in garbage', () => {
    const other = new asn1js.Sequence({
      value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: '0.4.0.1862.1.1' })] })],
    }).toBER();
    expect(decodePsd2QcStatements(other)).toBeNull();
    expect(decodePsd2QcStatements(new Uint8Array([1, 2, 3]).buffer)).toBeNull();
  });
});
