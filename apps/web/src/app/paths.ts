/** Every path of SPEC §2. Matching is case-insensitive; these are the canonical spellings. */
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
  backoffice: '/027895-admin-panel',
  card: '/carte',
  transfers: '/virementshome',
  instantTransfer: '/virementshome/instentane',
  oneOffTransfer: '/virementshome/ponctuel',
  rib: '/rib',
  profile: '/profil',
  /** One Espace (sub-account) and its operations. */
  space: '/espaces/:id',
  notifications: '/notifications',
} as const;
