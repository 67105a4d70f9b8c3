// Every cookie the server sets: its name and its attributes, for setting AND clearing it.

/** The customer session (docs/security.md#secrets-at-rest): 256 random bits, only their HMAC in the database. */
export const CUSTOMER_COOKIE = '__Host-comptoir';

/** The operator session (password step, then TOTP), never valid on the customer API. */
export const OPERATOR_COOKIE = '__Host-comptoir-bo';

/**
 * The account-opening application (docs/product/onboarding.md: followed through an opaque cookie): 256 random
 * bits, only their HMAC in the database; the browser never sees an application id.
 */
export const APPLICATION_COOKIE = '__Host-comptoir-app';

/**
 * Attributes of every cookie above, for setting AND clearing it: a `__Host-` cookie is only
 * accepted (or overwritten) by browsers with Secure, Path=/ and no Domain. No Max-Age: the browser
 * forgets it when closed (so a shared computer does not hand a session or a half-finished
 * application, and its documents, to the next person); the server enforces the idle and absolute limits.
 */
export const COOKIE_OPTIONS = {
  httpOnly: true,
  secure: true,
  sameSite: 'strict',
  path: '/',
} as const;
