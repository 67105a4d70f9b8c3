import { BACKOFFICE_PATH_META, DEFAULT_BACKOFFICE_PATH } from '@comptoir/contracts';

/**
 * The back office's path (`BACKOFFICE_PATH`): the server names it in the page it serves there, and
 * only there. Anywhere else (or without a document) the default, which then routes nowhere.
 */
const backofficePath = (): string =>
  (typeof document === 'undefined'
    ? null
    : document.querySelector(`meta[name="${BACKOFFICE_PATH_META}"]`)?.getAttribute('content')) ??
  DEFAULT_BACKOFFICE_PATH;

/** Every path of docs/product/paths.md. Matching is case-insensitive; these are the canonical spellings. */
export const paths = {
  home: '/',
  login: '/connexion',
  signUp: '/inscription1',
  checkMailbox: '/check-your-mailbox',
  waitForActivation: '/wait-for-activation',
  recoverPassword: '/recover-password',
  changePassword: '/change-password',
  updateUser: '/update-user',
  privacy: '/politiques-de-confidentialite',
  backoffice: backofficePath(),
  card: '/carte',
  /** Online card payments to confirm (3-D Secure); `?confirmer=<id>` opens one. */
  onlinePayments: '/carte/paiements-en-ligne',
  transfers: '/virementshome',
  instantTransfer: '/virementshome/instentane',
  oneOffTransfer: '/virementshome/ponctuel',
  /** « Prélèvements », under « Virements » (the public page `/prelevements` is the marketing site's). */
  directDebits: '/virementshome/prelevements',
  rib: '/rib',
  profile: '/profil',
  /** One Espace (sub-account) and its operations. */
  space: '/espaces/:id',
  notifications: '/notifications',
  /** The page a third-party provider (PSD2) sends the customer to, to grant or refuse its request. */
  psd2Authorisation: '/psd2/autorisation/:id',
} as const;
