import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './fr.json';
import type onboarding from './fr/onboarding.json';
import type backoffice from './fr/backoffice.json';
import type beneficiaries from './fr/beneficiaries.json';
import sca from './fr/sca.json';
import type transfers from './fr/transfers.json';
import type cards from './fr/cards.json';
import messages from './fr/messages.json';
import documentRequests from './fr/document-requests.json';
import spaces from './fr/spaces.json';
import statements from './fr/statements.json';
import notifications from './fr/notifications.json';
import profile from './fr/profile.json';
import installableApp from './fr/installable-app.json';
import operations from './fr/operations.json';
import identityChanges from './fr/identity-changes.json';
import type directDebits from './fr/direct-debits.json';
import type backofficeDirectDebits from './fr/backoffice-direct-debits.json';
import type backofficeScreening from './fr/backoffice-screening.json';
import type backofficeMonitoring from './fr/backoffice-monitoring.json';
import type backofficeHeldCredits from './fr/backoffice-held-credits.json';
import type backofficeFraudReports from './fr/backoffice-fraud-reports.json';
import cardAuthentications from './fr/card-authentications.json';
import heldCredits from './fr/held-credits.json';
import fraudReports from './fr/fraud-reports.json';
import type push from './fr/push.json';
import type testShop from './fr/test-shop.json';
import type psd2 from './fr/psd2.json';
import type backofficePsd2 from './fr/backoffice-psd2.json';

// One file per area (fr.json for the shell, customer area and sign-in; fr/<area>.json for the
// rest), merged into one namespace so keys read `t('onboarding.…')`, `t('transfers.…')`. The customer
// area's shell and « Accueil » copy is bundled here; the areas and screens a customer's dashboard
// never shows (onboarding, back office, test shop; transfers, card, direct debits, push settings:
// customer/screen-copy.ts; open banking: customer/psd2/psd2-copy.ts) bring theirs when their chunk
// loads (`addTranslations`). The public pages read fr/marketing.json without i18next
// (marketing/strings.ts).
const fr = {
  ...common,
  ...sca,
  ...messages,
  ...documentRequests,
  ...spaces,
  ...statements,
  ...notifications,
  ...profile,
  ...installableApp,
  ...operations,
  ...identityChanges,
  ...cardAuthentications,
  ...heldCredits,
  ...fraudReports,
};

/** The copy of every area, as `t` is typed: what is bundled here and what the areas add. */
type Translations = typeof fr &
  typeof onboarding &
  typeof beneficiaries &
  typeof transfers &
  typeof cards &
  typeof directDebits &
  typeof push &
  typeof backoffice &
  typeof backofficeDirectDebits &
  typeof backofficeScreening &
  typeof backofficeMonitoring &
  typeof backofficeHeldCredits &
  typeof backofficeFraudReports &
  typeof backofficePsd2 &
  typeof psd2 &
  typeof testShop;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translations };
  }
}

export const i18n = i18next.createInstance();

// Resources are bundled, so initialisation is synchronous and the promise carries nothing.
void i18n.use(initReactI18next).init({
  lng: 'fr',
  fallbackLng: 'fr',
  supportedLngs: ['fr'],
  resources: { fr: { translation: fr } },
  interpolation: { escapeValue: false },
  returnNull: false,
  // A screen shown before its area's copy was added renders again when it is.
  react: { bindI18nStore: 'added' },
});

/** An area's copy (one of fr/<area>.json), added to the one namespace when the area's chunk loads. */
export function addTranslations(...bundles: readonly object[]): void {
  for (const bundle of bundles) i18n.addResourceBundle('fr', 'translation', bundle, true, false);
}
