import type { PublicInstitution } from '@comptoir/contracts';
import { INSTITUTION_ELEMENT_ID } from '@comptoir/contracts/page';

/**
 * Used only when a page has no island (the Vite dev server): a sandbox profile, so a development
 * build can never pass for a real bank.
 */
export const DEVELOPMENT_INSTITUTION: PublicInstitution = {
  name: 'Comptoir',
  legalName: 'Comptoir Démo S.A. (société fictive)',
  address: {
    street: '12, rue de l’Exemple',
    postalCode: 'L-1234',
    city: 'Luxembourg',
    country: 'Luxembourg',
  },
  registration: null,
  bic: 'CMPTLULLXXX',
  emails: { support: 'support@comptoir.example', fraud: 'fraude@comptoir.example' },
  phone: '+352 20 00 00 00',
  supervisor: null,
  licenceNumber: null,
  depositGuarantee: null,
  sandbox: true,
  // The server's default INSTANT_RAIL_TIMEOUT_MS (the public pages import no value from the contracts).
  instantTransferTimeoutSeconds: 10,
};

const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';

/**
 * The profile from the page's JSON island. Checked by hand rather than with the zod contract: the
 * public pages do not ship a validation library for a document their own server wrote.
 */
export function readInstitutionIsland(doc: Document): PublicInstitution | null {
  const text = doc.getElementById(INSTITUTION_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<Record<keyof PublicInstitution, unknown>>;
    const address = v.address as Record<string, unknown> | undefined;
    const emails = v.emails as Record<string, unknown> | undefined;
    const ok =
      isString(v.name) &&
      isString(v.legalName) &&
      isString(v.bic) &&
      isString(v.phone) &&
      typeof v.sandbox === 'boolean' &&
      typeof v.instantTransferTimeoutSeconds === 'number' &&
      isNullableString(v.registration) &&
      isNullableString(v.supervisor) &&
      isNullableString(v.licenceNumber) &&
      isNullableString(v.depositGuarantee) &&
      !!address &&
      ['street', 'postalCode', 'city', 'country'].every((k) => isString(address[k])) &&
      !!emails &&
      isString(emails.support) &&
      isString(emails.fraud);
    return ok ? (v as PublicInstitution) : null;
  } catch {
    return null;
  }
}
