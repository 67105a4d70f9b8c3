import psd2 from '../../i18n/fr/psd2.json';
import { addTranslations } from '../../i18n/i18n.ts';

// Open banking's copy (the authorisation page, « Accès tiers »), added when either screen loads.
addTranslations(psd2);
