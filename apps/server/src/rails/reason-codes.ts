/** ISO 20022 reject reason codes of the instant scheme, with the French message the customer reads. */
export const TIMEOUT_REASON_CODE = 'AB05';
export const TIMEOUT_MESSAGE = "Virement refusé : la banque du bénéficiaire n'a pas répondu";

const MESSAGES: Readonly<Record<string, string>> = {
  AC01: 'Virement refusé : le numéro de compte du bénéficiaire est incorrect (AC01)',
  AC04: 'Virement refusé : le compte du bénéficiaire est clôturé (AC04)',
  AC06: 'Virement refusé : le compte du bénéficiaire est bloqué (AC06)',
  AG01: 'Virement refusé : ce compte ne peut pas recevoir de virement instantané (AG01)',
  AM04: 'Virement refusé : fonds insuffisants (AM04)',
  BE04: 'Virement refusé : l’adresse du bénéficiaire est manquante ou incorrecte (BE04)',
  MD07: 'Virement refusé : le titulaire du compte est décédé (MD07)',
  MS02: 'Virement refusé par le bénéficiaire (MS02)',
  MS03: 'Virement refusé par la banque du bénéficiaire (MS03)',
  RR04: 'Virement refusé pour raison réglementaire (RR04)',
  AB05: TIMEOUT_MESSAGE,
  AB06: TIMEOUT_MESSAGE,
};

/** The French message of a reason code; an unknown code is still named. */
export const reasonMessage = (code: string): string =>
  MESSAGES[code] ?? `Virement refusé par la banque du bénéficiaire (${code})`;
