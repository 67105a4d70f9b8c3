import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The style nonce of one response: drawn when its Content-Security-Policy is written (a new one for
 * each response), then named by web.ts in the app's page it sends (`<meta name="csp-nonce">`),
 * which the app gives to the `<style>` elements it inserts.
 */
export function styleNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (nonce === undefined) {
    nonce = randomBytes(18).toString('base64');
    nonces.set(response, nonce);
  }
  return nonce;
}

/** The CSP source that allows one inline `<style>` element with exactly this text. */
export const styleHash = (css: string): string =>
  `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

/** The hash sources of the plain `<style>` elements of a static HTML page (no attribute on them). */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => styleHash(match[1] ?? ''));
}

/**
 * The site's Content-Security-Policy (helmet's directives). Scripts from the site only, no inline
 * script anywhere. Style elements and stylesheets (`style-src`): the site's files, the elements that
 * carry this response's nonce (the app's pages: Mantine's `<style>` elements), and the static
 * inline stylesheets the build wrote (the pre-rendered marketing pages' and the offline page's, by
 * hash, so they stay cacheable and need no JavaScript) — never `'unsafe-inline'`, so injected
 * markup cannot bring its own `<style>`. Style attributes (`style-src-attr`) stay allowed: Mantine
 * and Recharts size and place elements through them (`style="--button-height: …"`, SVG charts), as
 * does the sandbox mailbox; an attribute can restyle its element but neither load nor run anything
 * (`img-src`, `font-src`, `connect-src` still hold).
 */
export function cspDirectives(staticStyleHashes: () => readonly string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: [
      "'self'",
      (_request: unknown, response: ServerResponse) =>
        [`'nonce-${styleNonce(response)}'`, ...staticStyleHashes()].join(' '),
    ],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    // The installable app: its service worker and manifest (http/installable-app.ts).
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * The policy of the API documentation (/api/docs): Swagger UI inserts `<style>` elements of its own
 * and takes no nonce, so there, and only there, style elements may be inline. The page shows the
 * public API description and no customer data; scripts stay the site's own.
 */
export const apiDocsPolicy = (header: string): string =>
  header.replace(/(^|;)\s*style-src [^;]*/, "$1style-src 'self' 'unsafe-inline'");
