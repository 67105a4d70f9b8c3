import {
  DEFAULT_INSTANT_RAIL_TIMEOUT_MS,
  INSTITUTION_ELEMENT_ID,
  PublicInstitution,
} from '@comptoir/contracts';

/** Read once from the JSON island the server writes into the page (no request, no layout shift). */
function readInstitution(): PublicInstitution | null {
  const text = document.getElementById(INSTITUTION_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const parsed = PublicInstitution.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

export const institution = readInstitution();

/**
 * Sandbox unless the server says otherwise: a page served without the island (the Vite dev server)
 * is a development build, never a real bank.
 */
export const isSandbox = institution?.sandbox ?? true;

/**
 * How long an instant transfer waits for the other bank at the most, as the server is configured
 * (the default without the island): the form's waiting text says it.
 */
export const instantTransferTimeoutSeconds =
  institution?.instantTransferTimeoutSeconds ?? DEFAULT_INSTANT_RAIL_TIMEOUT_MS / 1000;
