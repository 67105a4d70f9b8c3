/**
 * Where passkeys are used: the site's origin (PUBLIC_URL's when configured, else the address the
 * browser used, as the CSRF check derives it) and the relying party id, its host name. The routes
 * derive it from the request; services receive it.
 */
export interface WebAuthnSite {
  origin: string;
  rpId: string;
  rpName: string;
}

export function webAuthnSite(origin: string, rpName: string): WebAuthnSite {
  return { origin, rpId: new URL(origin).hostname, rpName };
}
