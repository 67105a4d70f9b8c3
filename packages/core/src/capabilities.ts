/**
 * What the product does today (docs/product/principles.md#no-false-claims). Every feature the public site or the FAQ
 * mentions names one of these switches (its `since`): shown as available only when the switch is
 * on, otherwise marked « Bientôt ». When a feature lands, turn its switch on here — the claims test
 * (apps/server/src/http/claims.test.ts) then checks that every screen and API it names is really
 * there: no 404, no « Bientôt disponible » placeholder.
 */
export interface ApiProof {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `{accountId}`: any account id (the route must exist; the check does not sign in). */
  path: string;
}

export interface Capability {
  available: boolean;
  /** App screens (paths of docs/product/paths.md) that show the feature. */
  screens: readonly string[];
  /** API routes that carry it. */
  apis: readonly ApiProof[];
}

const get = (path: string): ApiProof => ({ method: 'GET', path });
const post = (path: string): ApiProof => ({ method: 'POST', path });

export const CAPABILITIES = {
  // — there today —
  accountOpening: {
    available: true,
    screens: ['/inscription1', '/inscription2', '/inscription3', '/inscription6', '/check-your-mailbox'],
    apis: [post('/api/onboarding'), post('/api/onboarding/submit')],
  },
  identityVerification: {
    available: true,
    screens: [
      '/inscription4',
      '/inscription5',
      '/signidcard',
      '/signpassport',
      '/addselfie',
      '/justificatifdomicile',
    ],
    apis: [post('/api/onboarding/documents')],
  },
  signIn: { available: true, screens: ['/connexion'], apis: [post('/api/auth/login')] },
  operations: {
    available: true,
    screens: ['/'],
    apis: [get('/api/accounts'), get('/api/accounts/{accountId}/transactions')],
  },
  /** Credits appear without a reload, with a notification (docs/product/accounts-and-spaces.md#live-updates). */
  liveOperations: { available: true, screens: ['/'], apis: [get('/api/events')] },
  rib: { available: true, screens: ['/rib'], apis: [get('/api/accounts/{accountId}/rib.pdf')] },
  passwordReset: {
    available: true,
    screens: ['/recover-password', '/change-password'],
    apis: [post('/api/auth/password-reset'), post('/api/auth/password-reset/confirm')],
  },
  profile: { available: true, screens: ['/profil', '/update-user'], apis: [get('/api/me')] },
  contact: { available: true, screens: [], apis: [post('/api/contact')] },

  /** Customer sign-in and payments confirmed with a second factor: TOTP app or passkey. */
  strongAuth: {
    available: true,
    screens: ['/profil'],
    apis: [post('/api/sca/challenges'), get('/api/sca/factors')],
  },
  transfers: {
    available: true,
    screens: ['/virementshome', '/virementshome/instentane', '/virementshome/ponctuel'],
    apis: [post('/api/transfers'), get('/api/beneficiaries'), post('/api/payee-verification')],
  },
  /** The virtual debit card: lock, limits, channels, reveal, opposition, live payments (docs/product/cards.md). */
  card: { available: true, screens: ['/carte'], apis: [get('/api/cards')] },
  /** « Mon conseiller » on the profile: an adviser assigned by an operator (docs/product/profile-and-security.md#profil). */
  adviser: { available: true, screens: ['/profil'], apis: [get('/api/me/adviser')] },
  /** Secure in-app messages with the bank, on the profile (docs/product/profile-and-security.md#profil). */
  secureMessages: { available: true, screens: ['/profil'], apis: [get('/api/messages')] },

  /**
   * Monthly statements (PDF, CSV, ISO 20022 camt.053) of every month since the account's opening,
   * and the balance certificate, offered from « Accueil » and the profile (docs/product/statements-and-documents.md#monthly-statements).
   */
  statements: {
    available: true,
    screens: ['/', '/profil'],
    apis: [
      get('/api/accounts/{accountId}/statements/2025-01.pdf'),
      get('/api/accounts/{accountId}/statements/2025-01.csv'),
      get('/api/accounts/{accountId}/statements/2025-01.camt053.xml'),
      get('/api/accounts/{accountId}/balance-certificate.pdf'),
    ],
  },

  /**
   * SEPA direct debits on the payer's side: mandates and coming collections, refusal until the
   * business day before, revocation, limits, creditor rules, refunds and claims (docs/direct-debits.md).
   */
  directDebits: {
    available: true,
    screens: ['/virementshome/prelevements'],
    apis: [get('/api/direct-debits/mandates')],
  },

  /**
   * 3-D Secure (EMV 3DS, issuer's side): an online card payment is confirmed in the app — live on an
   * open screen, by a push notification otherwise — with a second factor bound to its amount and
   * merchant, unless the low-value exemption applies; the authorisation checks it (docs/cards.md#3-d-secure).
   */
  threeDSecure: {
    available: true,
    screens: ['/carte', '/carte/paiements-en-ligne'],
    apis: [get('/api/card-authentications'), post('/api/sandbox/3ds/authentications')],
  },
  /** Web Push: notifications that reach a closed app, turned on per device on the profile. */
  pushNotifications: {
    available: true,
    screens: ['/profil'],
    apis: [get('/api/push/public-key'), post('/api/push/subscriptions')],
  },
  spaces: { available: true, screens: ['/'], apis: [post('/api/spaces')] },
  /** Search by label, amount or number and a month filter in the operations list; monthly summary. */
  search: {
    available: true,
    screens: ['/'],
    apis: [get('/api/accounts/{accountId}/transactions'), get('/api/accounts/{accountId}/summary')],
  },
  // — not yet —
  /** Accounts held at other banks, shown here with the customer's consent (PSD2). */
  aggregation: { available: false, screens: [], apis: [get('/api/aggregation/connections')] },
} as const satisfies Record<string, Capability>;

export type CapabilityId = keyof typeof CAPABILITIES;

export const isAvailable = (id: CapabilityId): boolean => CAPABILITIES[id].available;
