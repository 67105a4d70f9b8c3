// The PSD2 QCStatement of a TPP's certificate (ETSI TS 119 495 §5.1): which PSD2 roles the
// national competent authority granted, and which authority. Pure: bytes in, roles out.
import * as asn1js from 'asn1js';

/** The certificate extension that carries QCStatements (RFC 3739 §3.2.6). */
export const QC_STATEMENTS_OID = '1.3.6.1.5.5.7.1.3';
/** The PSD2 QCStatement (ETSI TS 119 495 §5.1: etsi-psd2-qcStatement). */
export const PSD2_QC_STATEMENT_OID = '0.4.0.19495.2';

/** The roles of a payment service provider and their object identifiers (ETSI TS 119 495 §5.1). */
export const PSP_ROLE_OIDS = {
  PSP_AS: '0.4.0.19495.1.1',
  PSP_PI: '0.4.0.19495.1.2',
  PSP_AI: '0.4.0.19495.1.3',
  PSP_IC: '0.4.0.19495.1.4',
} as const;
export type PspRole = keyof typeof PSP_ROLE_OIDS;
export const PSP_ROLES = Object.keys(PSP_ROLE_OIDS) as PspRole[];

export interface Psd2QcStatement {
  roles: PspRole[];
  /** The national competent authority's name and identifier, e.g. « Autorité de contrôle prudentiel et de résolution », `FR-ACPR`. */
  authorityName: string;
  authorityId: string;
}

/** The DER of a QCStatements extension value holding one PSD2 statement. */
export function encodePsd2QcStatements(statement: Psd2QcStatement): ArrayBuffer {
  const roles = new asn1js.Sequence({
    value: statement.roles.map(
      (role) =>
        new asn1js.Sequence({
          value: [
            new asn1js.ObjectIdentifier({ value: PSP_ROLE_OIDS[role] }),
            new asn1js.Utf8String({ value: role }),
          ],
        }),
    ),
  });
  const psd2 = new asn1js.Sequence({
    value: [
      roles,
      new asn1js.Utf8String({ value: statement.authorityName }),
      new asn1js.Utf8String({ value: statement.authorityId }),
    ],
  });
  return new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: PSD2_QC_STATEMENT_OID }), psd2] }),
    ],
  }).toBER();
}

const ROLE_BY_OID = new Map<string, PspRole>(PSP_ROLES.map((role) => [PSP_ROLE_OIDS[role], role]));

/**
 * The PSD2 statement of a QCStatements extension value, or null when there is none or it is
 * malformed. A role is read from its object identifier, never from its name; unknown role OIDs are
 * ignored.
 */
export function decodePsd2QcStatements(der: ArrayBuffer): Psd2QcStatement | null {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1 || !(parsed.result instanceof asn1js.Sequence)) return null;
  for (const statement of parsed.result.valueBlock.value) {
    if (!(statement instanceof asn1js.Sequence)) continue;
    const [id, info] = statement.valueBlock.value;
    if (!(id instanceof asn1js.ObjectIdentifier) || id.getValue() !== PSD2_QC_STATEMENT_OID) continue;
    if (!(info instanceof asn1js.Sequence)) return null;
    const [roles, name, authority] = info.valueBlock.value;
    if (
      !(roles instanceof asn1js.Sequence) ||
      !(name instanceof asn1js.Utf8String) ||
      !(authority instanceof asn1js.Utf8String)
    )
      return null;
    const found = new Set<PspRole>();
    for (const role of roles.valueBlock.value) {
      if (!(role instanceof asn1js.Sequence)) return null;
      const [oid] = role.valueBlock.value;
      if (!(oid instanceof asn1js.ObjectIdentifier)) return null;
      const known = ROLE_BY_OID.get(oid.getValue());
      if (known) found.add(known);
    }
    return {
      roles: PSP_ROLES.filter((role) => found.has(role)),
      authorityName: name.getValue(),
      authorityId: authority.getValue(),
    };
  }
  return null;
}
