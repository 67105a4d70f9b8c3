import beneficiaries from '../i18n/fr/beneficiaries.json';
import cards from '../i18n/fr/cards.json';
import directDebits from '../i18n/fr/direct-debits.json';
import push from '../i18n/fr/push.json';
import transfers from '../i18n/fr/transfers.json';
import { addTranslations } from '../i18n/i18n.ts';

// The copy of the customer screens « Accueil » never shows (« Virements », the card, direct debits,
// the profile's push settings), added when the first of them loads (customer/index.ts).
addTranslations(beneficiaries, cards, directDebits, push, transfers);
