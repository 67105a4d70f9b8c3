import type { ParseKeys } from 'i18next';

/**
 * The `<title>` of each app screen (i18n key), by lower-cased path. `/` is the dashboard: the
 * signed-out home is a marketing page, whose title comes with its own meta. Paths not listed
 * (marketing, back office) set their title themselves.
 */
export const APP_PAGE_TITLES: Readonly<Record<string, ParseKeys>> = {
  '/': 'dashboard.title',
  '/carte': 'customer.pages.card',
  '/carte/paiements-en-ligne': 'cardAuth.page.title',
  '/virementshome': 'customer.pages.transfers',
  '/virementshome/instentane': 'customer.pages.instantTransfer',
  '/virementshome/ponctuel': 'customer.pages.oneOffTransfer',
  '/virementshome/prelevements': 'customer.pages.directDebits',
  '/rib': 'customer.pages.rib',
  '/profil': 'profile.title',
  '/notifications': 'notifications.title',
  '/update-user': 'updateUser.title',
  '/connexion': 'login.title',
  '/recover-password': 'recover.title',
  '/change-password': 'changePassword.title',
  '/inscription1': 'onboarding.pages.inscription1',
  '/inscription2': 'onboarding.pages.inscription2',
  '/inscription3': 'onboarding.pages.inscription3',
  '/inscription4': 'onboarding.pages.inscription4',
  '/inscription5': 'onboarding.pages.inscription5',
  '/inscription6': 'onboarding.pages.inscription6',
  '/signidcard': 'onboarding.pages.signIdCard',
  '/signpassport': 'onboarding.pages.signPassport',
  '/addselfie': 'onboarding.pages.addselfie',
  '/justificatifdomicile': 'onboarding.pages.justificatifdomicile',
  '/check-your-mailbox': 'mailbox.title',
  '/wait-for-activation': 'wait.title',
};

/** The title key of a path (any case, trailing slash ignored), or null when the page sets its own. */
export function pageTitleKey(pathname: string): ParseKeys | null {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  // A third party's request sets its own (an access or a payment: the path does not say which).
  if (path.startsWith('/psd2/autorisation/')) return null;
  return APP_PAGE_TITLES[path] ?? null;
}
