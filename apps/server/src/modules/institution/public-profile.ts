import type { PublicInstitution } from '@comptoir/contracts';
import type { Institution } from '../../institution.ts';

/**
 * What anyone may know of the institution: identity, contacts, regulatory mentions, sandbox flag, and
 * how long an instant transfer waits for the rail at the most (`instantRailTimeoutMs`, the config's).
 */
export function publicProfile(i: Institution, instantRailTimeoutMs: number): PublicInstitution {
  return {
    name: i.name,
    legalName: i.legalName,
    address: i.address,
    registration: i.registration ?? null,
    bic: i.bic,
    emails: { support: i.emails.support, fraud: i.emails.fraud },
    phone: i.phone,
    supervisor: i.sandbox ? null : (i.supervisor ?? null),
    licenceNumber: i.sandbox ? null : (i.licenceNumber ?? null),
    depositGuarantee: i.sandbox ? null : (i.depositGuarantee ?? null),
    sandbox: i.sandbox,
    instantTransferTimeoutSeconds: Math.ceil(instantRailTimeoutMs / 1000),
  };
}
