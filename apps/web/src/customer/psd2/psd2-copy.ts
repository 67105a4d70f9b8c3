import beneficiaries from '../../i18n/fr/beneficiaries.json';
import psd2 from '../../i18n/fr/psd2.json';
import { addTranslations } from '../../i18n/i18n.ts';

// Open banking's copy (the authorisation page, « Accès tiers », the banner of requests to decide),
// added when either screen loads; with the beneficiaries' words of Verification of Payee and of the
// fraud warning, which a third party's payment shows as the customer's own beneficiary form does.
addTranslations(psd2, beneficiaries);
