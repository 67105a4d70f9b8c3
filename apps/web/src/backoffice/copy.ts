import backofficeCopy from '../i18n/fr/backoffice.json';
import backofficeDirectDebitsCopy from '../i18n/fr/backoffice-direct-debits.json';
import backofficeScreeningCopy from '../i18n/fr/backoffice-screening.json';
import backofficeMonitoringCopy from '../i18n/fr/backoffice-monitoring.json';
import backofficeHeldCreditsCopy from '../i18n/fr/backoffice-held-credits.json';
import backofficeFraudReportsCopy from '../i18n/fr/backoffice-fraud-reports.json';
import backofficePsd2Copy from '../i18n/fr/backoffice-psd2.json';
import onboardingCopy from '../i18n/fr/onboarding.json';
import testShopCopy from '../i18n/fr/test-shop.json';
import { addTranslations } from '../i18n/i18n.ts';

// The back office's copy, added to the app's when its chunk loads, and the onboarding's (its forms
// of a customer's identity reuse those labels).
addTranslations(
  backofficeCopy,
  backofficeDirectDebitsCopy,
  backofficeScreeningCopy,
  backofficeMonitoringCopy,
  backofficeHeldCreditsCopy,
  backofficeFraudReportsCopy,
  backofficePsd2Copy,
  onboardingCopy,
  testShopCopy,
);
