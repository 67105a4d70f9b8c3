/** The account-opening journey in order (docs/product/onboarding.md), for the progress bar and the « Retour » links. */
export const STEP_PATHS = {
  situation: '/inscription1',
  conditions: '/inscription2',
  email: '/inscription3',
  identityIntro: '/inscription4',
  documentChoice: '/inscription5',
  idCard: '/signIdCard',
  passport: '/signPassport',
  selfie: '/addselfie',
  proofOfAddress: '/justificatifdomicile',
  details: '/inscription6',
  checkMailbox: '/check-your-mailbox',
} as const;

export const TOTAL_STEPS = 9;
