// What a customer reads when an asset freeze stops a payment (docs/screening.md#freezing-in-the-payment-paths).
// Neutral on purpose: no list, no regulation, no alert — nothing that tips the customer off.

/** Every debit of a frozen customer's accounts, the dashboard's banner and a card decline. */
export const ACCOUNT_FROZEN_MESSAGE =
  'Votre compte fait l’objet d’une mesure de gel. Contactez votre conseiller.';

/** A transfer to a payee whose payments are blocked. */
export const PAYEE_FROZEN_MESSAGE =
  'Les virements vers ce bénéficiaire ne sont pas possibles. Contactez votre conseiller.';
