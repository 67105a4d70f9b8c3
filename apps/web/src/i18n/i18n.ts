import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './fr.json';
import marketing from './fr/marketing.json';
import onboarding from './fr/onboarding.json';
import backoffice from './fr/backoffice.json';
import beneficiaries from './fr/beneficiaries.json';
import sca from './fr/sca.json';
import transfers from './fr/transfers.json';
import cards from './fr/cards.json';
import messages from './fr/messages.json';
import documentRequests from './fr/document-requests.json';
import spaces from './fr/spaces.json';
import statements from './fr/statements.json';
import notifications from './fr/notifications.json';
import profile from './fr/profile.json';
import installableApp from './fr/installable-app.json';
import operations from './fr/operations.json';
import identityChanges from './fr/identity-changes.json';
import directDebits from './fr/direct-debits.json';
import backofficeDirectDebits from './fr/backoffice-direct-debits.json';
import cardAuthentications from './fr/card-authentications.json';
import push from './fr/push.json';
import testShop from './fr/test-shop.json';

// One file per area (fr.json for the shell, customer area and sign-in; fr/<area>.json for the
// rest), merged into one namespace so keys read `t('marketing.…')`, `t('onboarding.…')`.
const fr = {
  ...common,
  ...marketing,
  ...onboarding,
  ...backoffice,
  ...beneficiaries,
  ...sca,
  ...transfers,
  ...cards,
  ...messages,
  ...documentRequests,
  ...spaces,
  ...statements,
  ...notifications,
  ...profile,
  ...installableApp,
  ...operations,
  ...identityChanges,
  ...directDebits,
  ...backofficeDirectDebits,
  ...cardAuthentications,
  ...push,
  ...testShop,
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fr };
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
});
