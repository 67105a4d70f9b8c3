// What the server writes into the HTML pages it serves, for the app to read: plain constants, no schema.

/** `INSTANT_RAIL_TIMEOUT_MS` when none is configured. */
export const DEFAULT_INSTANT_RAIL_TIMEOUT_MS = 10_000;

/** id of the JSON island the server writes into every HTML page it serves. */
export const INSTITUTION_ELEMENT_ID = 'comptoir-institution';

/**
 * name of the `<meta>` whose content is the back office's path (`BACKOFFICE_PATH`). The server
 * writes it only into the page it serves at that path, so no other page gives the path away.
 */
export const BACKOFFICE_PATH_META = 'comptoir-backoffice-path';

/**
 * name of the `<meta>` whose content is the page's style nonce: the server draws a new one for each
 * HTML response and names it in the Content-Security-Policy; the app gives it to every `<style>`
 * element it inserts (Mantine's `getStyleNonce`).
 */
export const CSP_NONCE_META = 'csp-nonce';

/** The back office's path when none is configured (docs/product/paths.md#back-office). */
export const DEFAULT_BACKOFFICE_PATH = '/027895-admin-panel';
