import { DEFAULT_INSTANT_RAIL_TIMEOUT_MS } from '@comptoir/contracts';
import { readInstitutionIsland } from '../marketing/institution.ts';

/** Read once from the JSON island the server writes into the page (no request, no layout shift). */
export const institution = readInstitutionIsland(document);

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
