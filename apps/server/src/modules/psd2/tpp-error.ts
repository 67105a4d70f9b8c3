// The PSD2 interface's errors in the Berlin Group's shape (NextGenPSD2 Implementation Guidelines
// 1.3.x §14.11): `{tppMessages: [{category: "ERROR", code, text}]}` with the standard's codes. One
// catalogue: the status and the text of each code live here only.

export const TPP_ERRORS = {
  FORMAT_ERROR: { status: 400, text: 'La requête est mal formée.' },
  PARAMETER_NOT_SUPPORTED: { status: 400, text: 'Paramètre non pris en charge.' },
  CERTIFICATE_MISSING: { status: 401, text: 'Aucun certificat client n’a été présenté.' },
  CERTIFICATE_INVALID: {
    status: 401,
    text: 'Le certificat n’est pas émis par une autorité reconnue ou ne porte pas d’attestation PSD2.',
  },
  CERTIFICATE_EXPIRED: { status: 401, text: 'Le certificat n’est pas valide à cette date.' },
  CERTIFICATE_BLOCKED: { status: 401, text: 'L’accès de ce prestataire à l’interface est suspendu.' },
  ROLE_INVALID: { status: 401, text: 'Le certificat ne porte pas le rôle PSD2 requis pour ce service.' },
  CONSENT_UNKNOWN: { status: 403, text: 'Consentement inconnu pour ce prestataire.' },
  CONSENT_INVALID: {
    status: 401,
    text: 'Le consentement n’est pas (ou plus) valide : refusé, révoqué ou remplacé.',
  },
  CONSENT_EXPIRED: {
    status: 401,
    text: 'Le consentement a expiré, ou l’authentification forte du client doit être renouvelée.',
  },
  SERVICE_INVALID: { status: 405, text: 'Ce service n’est pas couvert par le consentement.' },
  RESOURCE_UNKNOWN: { status: 404, text: 'Ressource inconnue.' },
  PRODUCT_UNKNOWN: { status: 404, text: 'Produit de paiement inconnu.' },
  ACCESS_EXCEEDED: {
    status: 429,
    text: 'Nombre d’accès quotidiens sans le client atteint pour ce compte et ce service.',
  },
  EXECUTION_DATE_INVALID: {
    status: 400,
    text: 'requestedExecutionDate : un jour à venir, au plus dans un an, pour le virement SEPA seulement.',
  },
  CANCELLATION_INVALID: {
    status: 405,
    text: 'Ce paiement ne peut plus être annulé : il est exécuté, instantané, refusé ou déjà annulé.',
  },
  STATUS_INVALID: { status: 409, text: 'L’opération n’est pas possible dans l’état actuel de la ressource.' },
  TIMESTAMP_INVALID: { status: 400, text: 'Date hors de la période accessible.' },
  PERIOD_INVALID: { status: 400, text: 'Période demandée invalide.' },
  SERVICE_BLOCKED: { status: 403, text: 'Service indisponible pour ce compte.' },
  INTERNAL_SERVER_ERROR: { status: 500, text: 'Erreur interne. Réessayez plus tard.' },
} as const satisfies Record<string, { status: number; text: string }>;
export type TppErrorCode = keyof typeof TPP_ERRORS;

/** An error of the PSD2 interface; `detail` replaces the catalogue's text when more precise. */
export class TppError extends Error {
  constructor(
    readonly code: TppErrorCode,
    readonly detail?: string,
  ) {
    super(code);
  }

  get status(): number {
    return TPP_ERRORS[this.code].status;
  }
}

export interface TppMessages {
  tppMessages: { category: 'ERROR'; code: TppErrorCode; text: string }[];
}

export const tppMessages = (code: TppErrorCode, detail?: string): TppMessages => ({
  tppMessages: [{ category: 'ERROR', code, text: detail ?? TPP_ERRORS[code].text }],
});
