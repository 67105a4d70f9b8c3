import onboardingCopy from '../i18n/fr/onboarding.json';
import { addTranslations } from '../i18n/i18n.ts';

// The account opening's copy, added to the app's when its chunk loads.
addTranslations(onboardingCopy);
