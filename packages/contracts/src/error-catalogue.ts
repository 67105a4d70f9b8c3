import { CARD_CLEARING_TOLERANCE_PERCENT, WEEKLY_ABOVE_MONTHLY_MESSAGE } from './cards.ts';
import { DIRECT_DEBIT_MESSAGES } from './direct-debits.ts';
import { ACCOUNT_FROZEN_MESSAGE, PAYEE_FROZEN_MESSAGE } from './frozen-funds.ts';
import { COMPLIANCE_HOLD_MESSAGE, COMPLIANCE_REVIEW_MESSAGE } from './document-requests.ts';
import { IDENTITY_CHANGE_MESSAGES } from './identity-changes.ts';
import { ONBOARDING_MESSAGES } from './onboarding.ts';
import { sanctionsListProblemText, type SanctionsListProblem } from './sanctions-lists.ts';
import { SPACES_MAX } from './spaces-limits.ts';
import { TRANSFER_FIELDS_MESSAGE } from './transfers.ts';

/** One field a request got wrong: its dotted path and what is wrong with it. */
export interface FieldError {
  path: string;
  message: string;
}

/** A French date and time of day, as the locks' messages show them (Luxembourg time). */
export interface FrenchDateTime {
  date: string;
  time: string;
}

/** What the back office was refused, as the review refusal names it. */
const REVIEW_ACTIONS = {
  approve: 'approuver',
  corrections: 'demander des corrections',
  reject: 'refuser',
} as const;

/**
 * Every error the API answers, keyed by its stable machine code (RFC 9457 `code` extension): the
 * one HTTP status it always answers with and the French detail shown to the person. A detail that
 * needs facts of the case (a date, a limit, a list) is a function of named parameters; the words
 * stay here. The server throws `new AppError(code)` or `new AppError(code, params)`; the web
 * matches on the code.
 */
export const ERROR_CATALOGUE = {
  // Generic answers: the framework's own checks and fallbacks.
  validation_failed: {
    status: 400,
    detail: (p: { errors: readonly FieldError[] }) => p.errors[0]?.message ?? 'Requête invalide.',
  },
  unauthenticated: { status: 401, detail: 'Veuillez vous connecter.' },
  forbidden: { status: 403, detail: 'Accès refusé.' },
  csrf_header_missing: { status: 403, detail: 'En-tête X-Requested-With manquant.' },
  misdirected_request: {
    status: 421,
    detail: 'Requête refusée : elle ne s’adresse pas au site de la banque.',
  },
  not_found: { status: 404, detail: 'Ressource introuvable.' },
  conflict: { status: 409, detail: 'Cette opération n’est pas possible dans l’état actuel.' },
  rate_limited: { status: 429, detail: 'Trop de tentatives. Veuillez réessayer plus tard.' },
  unsupported_media_type: { status: 415, detail: 'Type de contenu non pris en charge.' },
  payload_too_large: { status: 413, detail: 'La requête est trop volumineuse.' },
  internal_error: { status: 500, detail: 'Une erreur interne est survenue. Veuillez réessayer.' },
  unavailable: { status: 503, detail: 'Le service est momentanément indisponible. Veuillez réessayer.' },
  non_integer_number: {
    status: 400,
    detail:
      'Les nombres s’écrivent en entiers, sans décimale ni exposant (un montant en centimes : 100, pas 100.0 ni 1e2).',
  },
  pagination_cursor_invalid: { status: 400, detail: 'Curseur de pagination invalide.' },
  idempotency_key_required: { status: 400, detail: 'En-tête Idempotency-Key requis.' },
  idempotency_key_invalid: { status: 400, detail: 'En-tête Idempotency-Key invalide (8 à 128 caractères).' },
  idempotency_conflict: {
    status: 409,
    detail: 'Cette clé d’idempotence a déjà servi pour une autre requête.',
  },

  // Customer sign-in and session.
  invalid_credentials: { status: 401, detail: 'Identifiants incorrects.' },
  account_locked: {
    status: 423,
    detail: (p: FrenchDateTime) =>
      `Votre compte est temporairement verrouillé après plusieurs tentatives infructueuses. Réessayez après le ${p.date} à ${p.time} (heure de Luxembourg), ou réinitialisez votre mot de passe.`,
  },
  account_closed: {
    status: 403,
    detail: (p: { supportEmail: string; phone: string }) =>
      `Ce compte est clôturé : il n’est plus possible de s’y connecter. Pour toute question, écrivez à ${p.supportEmail} ou appelez le ${p.phone}.`,
  },
  account_not_yet_open: { status: 403, detail: 'Votre compte n’est pas encore ouvert.' },
  session_expired: { status: 401, detail: 'Votre session a expiré. Veuillez vous reconnecter.' },
  session_already_active: { status: 409, detail: 'Cette session est déjà ouverte.' },
  second_factor_required: {
    status: 401,
    detail: 'Saisissez votre code de vérification ou utilisez votre clé d’accès pour terminer la connexion.',
  },
  invalid_token: {
    status: 400,
    detail: 'Ce lien n’est plus valide : il a déjà servi ou a expiré. Veuillez refaire une demande.',
  },
  weak_password: { status: 422, detail: (p: { reason: string }) => p.reason },
  wrong_password: { status: 403, detail: 'Mot de passe actuel incorrect.' },
  identity_fields_not_editable: { status: 422, detail: IDENTITY_CHANGE_MESSAGES.notEditable },
  session_not_found: { status: 404, detail: 'Session introuvable.' },
  current_session_not_revocable: {
    status: 409,
    detail: 'Il s’agit de la session de cet appareil : utilisez « Déconnexion » pour la fermer.',
  },

  // Strong customer authentication.
  sca_required: { status: 401, detail: 'Authentification forte requise pour confirmer cette opération.' },
  sca_challenge_expired: {
    status: 401,
    detail: 'La demande de confirmation a expiré. Veuillez recommencer.',
  },
  sca_challenge_not_found: { status: 404, detail: 'Demande de confirmation introuvable.' },
  sca_challenge_already_verified: { status: 409, detail: 'Cette demande a déjà été confirmée.' },
  sca_locked: {
    status: 423,
    detail: (p: FrenchDateTime) =>
      `Trop de codes incorrects : l’authentification forte est bloquée. Réessayez après le ${p.date} à ${p.time} (heure de Luxembourg).`,
  },
  invalid_second_factor: {
    status: 401,
    detail: 'Code incorrect. Vérifiez le code affiché par votre application.',
  },
  sca_enrolment_required: {
    status: 403,
    detail:
      'Ajoutez d’abord une application d’authentification ou une clé d’accès dans « Préférences et sécurité » de votre profil.',
  },
  passkey_registration_expired: {
    status: 400,
    detail: 'La demande d’enregistrement a expiré. Veuillez recommencer.',
  },
  passkey_not_verified: {
    status: 400,
    detail: 'La clé d’accès n’a pas pu être vérifiée. Veuillez réessayer.',
  },
  passkey_already_registered: { status: 409, detail: 'Cette clé d’accès est déjà enregistrée.' },
  factor_not_found: { status: 404, detail: 'Facteur introuvable.' },
  totp_enrolment_not_found: {
    status: 404,
    detail: 'Aucun ajout d’application en cours, ou il a expiré. Veuillez recommencer.',
  },

  // Accounts, operations, statements.
  account_not_found: { status: 404, detail: 'Compte introuvable.' },
  account_id_invalid: { status: 400, detail: 'Identifiant de compte invalide.' },
  account_not_open: { status: 409, detail: 'Ce compte est clôturé.' },
  main_account_not_open: { status: 409, detail: 'Votre compte principal n’est pas ouvert.' },
  operation_not_found: { status: 404, detail: 'Opération introuvable.' },
  operation_not_pending: { status: 409, detail: 'Cette opération n’est plus en attente.' },
  insufficient_funds: { status: 422, detail: 'Solde insuffisant pour effectuer cette transaction.' },
  rib_account_closed: { status: 409, detail: 'Ce compte est clôturé : aucun RIB ne peut être émis.' },
  rib_iban_missing: {
    status: 409,
    detail: 'Ce compte n’a pas encore d’IBAN : son RIB sera disponible dès qu’il lui aura été attribué.',
  },
  certificate_account_closed: {
    status: 409,
    detail: 'Ce compte est clôturé : aucune attestation de solde ne peut être émise.',
  },
  certificate_iban_missing: {
    status: 409,
    detail: 'Ce compte n’a pas d’IBAN (un Espace) : l’attestation de solde porte sur le compte principal.',
  },
  statement_month_invalid: { status: 400, detail: 'Mois attendu au format AAAA-MM (par exemple 2025-03).' },
  statement_month_not_started: {
    status: 404,
    detail: 'Aucun relevé pour ce mois : il n’a pas encore commencé.',
  },
  statement_before_opening: {
    status: 404,
    detail: 'Aucun relevé pour ce mois : le compte n’était pas encore ouvert.',
  },
  statements_in_preparation: {
    status: 429,
    detail: 'Vos relevés précédents sont encore en préparation : réessayez dès qu’ils sont téléchargés.',
  },
  statements_busy: {
    status: 429,
    detail: 'Beaucoup de relevés sont en préparation en ce moment : réessayez dans quelques secondes.',
  },

  // Spaces.
  space_not_found: { status: 404, detail: 'Espace introuvable.' },
  space_balance_not_zero: {
    status: 409,
    detail:
      'Impossible de fermer cet Espace : son solde doit être nul. Retirez d’abord l’argent vers votre compte principal.',
  },
  space_operation_pending: {
    status: 409,
    detail: 'Impossible de fermer cet Espace : une opération est encore en cours.',
  },
  spaces_limit_reached: {
    status: 409,
    detail: `Vous avez déjà ${SPACES_MAX} Espaces ouverts : fermez-en un avant d’en créer un autre.`,
  },

  // Beneficiaries and transfers.
  beneficiary_not_found: { status: 404, detail: 'Bénéficiaire non trouvé.' },
  iban_invalid: { status: 400, detail: 'IBAN invalide.' },
  bic_invalid: { status: 400, detail: 'BIC invalide.' },
  payee_account_not_found: { status: 400, detail: 'Aucun compte ouvert ne correspond à cet IBAN.' },
  payee_account_closed: {
    status: 400,
    detail: 'Ce compte est clôturé : il ne peut plus recevoir de virement.',
  },
  payee_reported_for_fraud: {
    status: 409,
    detail:
      'Des clients ont signalé des virements frauduleux vers ce compte. Confirmez explicitement pour ajouter ce bénéficiaire malgré tout.',
  },
  payee_name_mismatch: {
    status: 409,
    detail:
      'Le nom ne correspond pas au titulaire du compte. Confirmez explicitement pour ajouter ce bénéficiaire malgré tout.',
  },
  transfer_not_found: { status: 404, detail: 'Virement introuvable.' },
  transfer_not_cancellable: { status: 409, detail: 'Ce virement ne peut plus être annulé.' },
  transfer_fields_invalid: { status: 400, detail: TRANSFER_FIELDS_MESSAGE },
  instant_transfer_scheduled: {
    status: 400,
    detail: 'Un virement instantané part immédiatement : ni date d’exécution ni répétition.',
  },
  execution_date_invalid: { status: 400, detail: 'Date d’exécution invalide.' },
  execution_date_past: { status: 400, detail: 'La date d’exécution ne peut pas être passée.' },
  execution_date_too_far: { status: 400, detail: 'La date d’exécution ne peut pas dépasser un an.' },
  repeat_end_ambiguous: {
    status: 400,
    detail: 'Indiquez soit une date de fin, soit un nombre de virements.',
  },
  repeat_end_date_invalid: { status: 400, detail: 'Date de fin invalide.' },
  repeat_end_before_start: { status: 400, detail: 'La date de fin doit suivre la première exécution.' },
  repeat_too_long: { status: 400, detail: 'La répétition ne peut pas dépasser dix ans.' },
  space_cannot_pay_third_party: {
    status: 400,
    detail: 'Un Espace ne peut pas payer de tiers : déplacez d’abord l’argent vers votre compte principal.',
  },
  payee_is_debited_account: { status: 400, detail: 'Le compte du bénéficiaire est le compte à débiter.' },
  compliance_hold: { status: 409, detail: COMPLIANCE_HOLD_MESSAGE },
  compliance_review: { status: 409, detail: COMPLIANCE_REVIEW_MESSAGE },
  // An asset freeze (docs/screening.md#freezing-in-the-payment-paths): neutral words, naming no list.
  account_frozen: { status: 409, detail: ACCOUNT_FROZEN_MESSAGE },
  payee_frozen: { status: 409, detail: PAYEE_FROZEN_MESSAGE },

  // Cards.
  card_not_found: { status: 404, detail: 'Carte introuvable.' },
  card_unknown: { status: 404, detail: 'Carte inconnue.' },
  card_cancelled: { status: 409, detail: 'Cette carte a été supprimée.' },
  card_expired: { status: 409, detail: 'Cette carte a expiré.' },
  card_already_active: { status: 409, detail: 'Vous avez déjà une carte active.' },
  card_account_not_open: {
    status: 409,
    detail: 'Votre compte n’est pas ouvert : impossible de créer une carte.',
  },
  card_limits_inconsistent: { status: 422, detail: WEEKLY_ABOVE_MONTHLY_MESSAGE },
  authorization_not_found: { status: 404, detail: 'Autorisation introuvable.' },
  authorization_declined: {
    status: 409,
    detail: 'Cette autorisation a été refusée : il n’y a rien à régler.',
  },
  authorization_already_cleared: { status: 409, detail: 'Cette autorisation est déjà réglée.' },
  authorization_expired: {
    status: 409,
    detail: 'Cette autorisation a expiré : le montant a été libéré.',
  },
  card_authentication_not_found: { status: 404, detail: 'Paiement à confirmer introuvable.' },
  card_authentication_expired: {
    status: 409,
    detail: 'Le délai pour confirmer ce paiement est dépassé : le commerçant doit le demander à nouveau.',
  },
  card_authentication_card_unusable: {
    status: 409,
    detail:
      'Ce paiement ne peut pas être confirmé : votre carte est bloquée, supprimée ou n’accepte pas les paiements en ligne.',
  },
  card_authentication_decided: {
    status: 409,
    detail: 'Vous avez déjà répondu à cette demande de confirmation de paiement.',
  },
  clearing_amount_out_of_tolerance: {
    status: 400,
    detail: `Le montant réglé doit rester à ${CARD_CLEARING_TOLERANCE_PERCENT} % près du montant autorisé.`,
  },

  // Onboarding and uploads.
  application_not_found: {
    status: 404,
    detail: 'Aucune demande d’ouverture de compte en cours. Veuillez recommencer à la première étape.',
  },
  verification_pending_not_found: {
    status: 404,
    detail:
      'Aucune demande en attente de confirmation dans ce navigateur. Utilisez le lien reçu par e-mail ou connectez-vous.',
  },
  verification_email_too_soon: {
    status: 429,
    detail: 'Un e-mail vient d’être envoyé. Veuillez patienter avant d’en demander un autre.',
  },
  email_missing: { status: 409, detail: 'Veuillez d’abord indiquer votre adresse e-mail (étape 3).' },
  application_incomplete: {
    status: 409,
    detail: (p: { missing: readonly string[] }) =>
      `Votre dossier est incomplet : ${p.missing.join(', ') || 'type de pièce d’identité'} manquant.`,
  },
  birth_date_invalid: { status: 400, detail: ONBOARDING_MESSAGES.birthDateInvalid },
  underage: { status: 400, detail: ONBOARDING_MESSAGES.underage },
  password_mismatch: { status: 400, detail: ONBOARDING_MESSAGES.passwordMismatch },
  no_corrections_requested: {
    status: 404,
    detail: 'Aucune correction n’est demandée pour votre dossier.',
  },
  corrections_incomplete: {
    status: 409,
    detail: (p: { missing: readonly string[] }) =>
      `Veuillez d’abord téléverser à nouveau : ${p.missing.join(', ')}.`,
  },
  onboarding_upload_not_multipart: {
    status: 415,
    detail: 'Envoyez le fichier en multipart/form-data (champs « kind » et « file »).',
  },
  document_upload_not_multipart: {
    status: 415,
    detail: 'Envoyez le fichier en multipart/form-data (champ « file »).',
  },
  identity_change_not_multipart: {
    status: 415,
    detail: 'Envoyez la demande en multipart/form-data (champs et fichier « file »).',
  },
  upload_invalid: { status: 400, detail: 'Envoi de fichier invalide. Veuillez réessayer.' },
  file_missing: { status: 400, detail: ONBOARDING_MESSAGES.fileMissing },
  file_type_unsupported: { status: 415, detail: ONBOARDING_MESSAGES.fileType },
  file_unreadable: {
    status: 415,
    detail: 'Le fichier est illisible ou endommagé. Veuillez en choisir un autre.',
  },
  selfie_not_a_photo: { status: 415, detail: ONBOARDING_MESSAGES.selfieNotAPhoto },
  file_too_large: { status: 413, detail: ONBOARDING_MESSAGES.fileTooLarge },
  image_too_large: {
    status: 413,
    detail:
      'Cette image est trop grande une fois décompressée (dimensions ou profondeur de couleur). Réduisez sa résolution (12 mégapixels suffisent) ou enregistrez-la en JPEG, puis réessayez.',
  },
  image_decoding_busy: {
    status: 503,
    detail: 'Beaucoup de documents sont en cours de traitement. Réessayez dans quelques secondes.',
  },
  document_kind_invalid: {
    status: 400,
    detail: 'Type de document manquant ou inconnu (champ « kind »).',
  },
  identity_type_missing: {
    status: 409,
    detail: 'Choisissez d’abord le type de pièce d’identité (carte ou passeport).',
  },
  document_kind_mismatch: {
    status: 409,
    detail: 'Ce document ne correspond pas au type de pièce d’identité choisi.',
  },
  onboarding_session_expired: {
    status: 401,
    detail: 'Votre demande a expiré ou votre session est terminée. Veuillez recommencer ou vous reconnecter.',
  },
  no_document_expected: {
    status: 403,
    detail: 'Aucun document n’est attendu de votre part pour le moment.',
  },
  upload_request_not_found: { status: 404, detail: 'Demande introuvable.' },
  document_not_requested: {
    status: 409,
    detail: 'Ce document ne fait pas partie des documents demandés.',
  },
  request_closed_to_documents: { status: 409, detail: 'Cette demande n’accepte plus de documents.' },
  too_many_files: { status: 409, detail: 'Nombre maximal de fichiers atteint pour cette demande.' },

  // Identity changes.
  identity_change_pending: { status: 409, detail: IDENTITY_CHANGE_MESSAGES.pending },
  identity_change_empty: { status: 400, detail: IDENTITY_CHANGE_MESSAGES.nothingToChange },
  identity_change_not_found: { status: 404, detail: 'Demande de modification introuvable.' },
  identity_change_not_pending: { status: 409, detail: 'Cette demande a déjà été traitée.' },
  identity_change_customer_not_open: { status: 409, detail: 'Le compte de ce client n’est pas ouvert.' },

  // Messages, contact, live events.
  contact_message_not_found: { status: 404, detail: 'Message introuvable.' },
  contact_honeypot_filled: {
    status: 400,
    detail:
      'Votre message a été identifié comme indésirable et n’a pas été envoyé. Si vous êtes une personne, rechargez la page puis réessayez.',
  },
  contact_filled_too_fast: {
    status: 400,
    detail:
      'Le formulaire a été envoyé trop vite pour avoir été rempli par une personne. Patientez quelques secondes puis réessayez.',
  },
  contact_too_many_links: {
    status: 400,
    detail: (p: { maxLinks: number }) =>
      `Votre message contient trop de liens (${p.maxLinks} au maximum). Retirez-en quelques-uns puis réessayez.`,
  },
  contact_too_many_messages: {
    status: 429,
    detail:
      'Vous nous avez déjà écrit plusieurs fois depuis cette adresse. Nous traitons vos messages : merci de patienter une heure avant d’en envoyer un nouveau.',
  },
  messages_too_many: {
    status: 429,
    detail: 'Vous avez envoyé beaucoup de messages en peu de temps. Réessayez dans quelques minutes.',
  },
  message_customer_not_open: {
    status: 409,
    detail: 'Ce client n’a pas de compte ouvert : impossible de lui écrire.',
  },
  adviser_invalid: { status: 400, detail: 'Choisissez un opérateur actif comme conseiller.' },
  event_streams_per_session: {
    status: 429,
    detail: 'Trop de connexions en direct ouvertes pour cette session. Fermez un onglet, puis réessayez.',
  },
  event_streams_per_customer: {
    status: 429,
    detail:
      'Trop de connexions en direct ouvertes sur vos appareils. Fermez un onglet ou déconnectez une session, puis réessayez.',
  },

  // Back office: operators and their session.
  operator_invalid_credentials: { status: 401, detail: 'Identifiants incorrects. Veuillez réessayer.' },
  operator_locked: {
    status: 423,
    detail: (p: { until: string }) =>
      `Compte temporairement verrouillé après plusieurs tentatives infructueuses. Réessayez après ${p.until}.`,
  },
  operator_second_factor_required: {
    status: 401,
    detail: 'Veuillez saisir le code de votre application d’authentification.',
  },
  operator_session_idle: { status: 401, detail: 'Vous avez été déconnecté pour inactivité.' },
  role_forbidden: { status: 403, detail: 'Votre rôle ne permet pas cette action.' },
  operator_not_found: { status: 404, detail: 'Opérateur introuvable.' },
  operator_email_invalid: { status: 400, detail: 'Veuillez entrer une adresse email valide.' },
  operator_role_unknown: { status: 400, detail: 'Rôle inconnu : choisissez admin, compliance ou support.' },
  operator_name_too_long: { status: 400, detail: 'Le nom est trop long (100 caractères au maximum).' },
  email_taken: { status: 409, detail: 'Un opérateur existe déjà avec cette adresse e-mail.' },
  operator_not_invited: {
    status: 409,
    detail: 'Cet opérateur a déjà terminé son inscription : il n’y a pas d’invitation à renvoyer.',
  },
  operator_not_enrolled: {
    status: 409,
    detail: 'Cet opérateur n’a pas encore terminé son inscription : renvoyez-lui plutôt l’invitation.',
  },
  enrolment_link_invalid: {
    status: 400,
    detail: 'Ce lien n’est pas valide. Demandez à un administrateur de vous envoyer un nouveau lien.',
  },
  enrolment_link_used: {
    status: 410,
    detail: 'Ce lien a déjà servi. Connectez-vous, ou demandez un nouveau lien à un administrateur.',
  },
  enrolment_link_expired: {
    status: 410,
    detail: 'Ce lien a expiré. Demandez à un administrateur de vous envoyer un nouveau lien.',
  },
  enrolment_password_required: {
    status: 401,
    detail: 'Saisissez votre mot de passe actuel pour enregistrer votre nouvelle application.',
  },
  enrolment_code_invalid: {
    status: 422,
    detail:
      'Code incorrect : saisissez le code à 6 chiffres que votre application d’authentification affiche maintenant.',
  },
  last_active_admin: {
    status: 409,
    detail: 'Impossible : c’est le dernier administrateur actif. Nommez d’abord un autre administrateur.',
  },
  audit_customer_id_invalid: { status: 400, detail: 'Identifiant client invalide.' },
  audit_operator_id_invalid: { status: 400, detail: 'Identifiant opérateur invalide.' },
  audit_from_date_invalid: { status: 400, detail: 'Date de début invalide (AAAA-MM-JJ).' },
  audit_to_date_invalid: { status: 400, detail: 'Date de fin invalide (AAAA-MM-JJ).' },

  // Back office: customers, review, documents.
  customer_not_found: { status: 404, detail: 'Client introuvable.' },
  customer_closed: { status: 409, detail: 'Ce compte est clôturé.' },
  customer_already_closed: { status: 409, detail: 'Ce compte est déjà clôturé.' },
  customer_never_approved: {
    status: 409,
    detail: 'Ce client n’a jamais été approuvé : supprimez-le plutôt que de le clôturer.',
  },
  closure_blocked_by_pending_entry: {
    status: 409,
    detail: 'Clôture impossible : une régularisation attend encore l’approbation d’un second opérateur.',
  },
  customer_has_history: {
    status: 409,
    detail: 'Ce client a un historique bancaire : il ne peut pas être supprimé, seulement clôturé.',
  },
  customer_has_linked_data: {
    status: 409,
    detail: 'Ce client a encore des données liées : il ne peut pas être supprimé.',
  },
  closure_balance_not_zero: {
    status: 409,
    detail: (p: { balance: string; pending: string }) =>
      `Clôture impossible : le solde doit être nul (solde ${p.balance}, dont ${p.pending} en cours).`,
  },
  closure_operation_pending: {
    status: 409,
    detail: 'Clôture impossible : une opération est encore en cours sur le compte.',
  },
  customer_no_open_account: { status: 409, detail: 'Ce client n’a pas de compte ouvert.' },
  customer_underage: { status: 400, detail: 'Date de naissance invalide : le client doit être majeur.' },
  identity_fields_not_editable_by_operator: {
    status: 422,
    detail:
      'L’identité vérifiée d’un client dont le compte est ouvert (prénom, nom, date de naissance, résidence fiscale) ne change que par une demande de modification acceptée, avec son justificatif.',
  },
  application_not_in_review: {
    status: 409,
    detail: (p: { action: 'approve' | 'corrections' | 'reject' }) =>
      `Impossible de ${REVIEW_ACTIONS[p.action]} : la demande n’est pas (ou plus) en attente d’examen.`,
  },
  document_unrelated_to_request: {
    status: 400,
    detail: (p: { labels: readonly string[] }) =>
      `Document sans rapport avec cette demande : ${p.labels.join(', ')}.`,
  },
  document_not_found: { status: 404, detail: 'Document introuvable.' },
  file_not_found: { status: 404, detail: 'Fichier introuvable.' },
  document_request_not_found: { status: 404, detail: 'Demande de document introuvable.' },
  document_request_customer_not_open: {
    status: 409,
    detail: 'Un document ne peut être demandé qu’à un client dont le compte est ouvert.',
  },
  document_request_nothing_sent: {
    status: 409,
    detail: 'Aucun document n’a encore été envoyé pour cette demande.',
  },
  document_request_not_pending: { status: 409, detail: 'Cette demande a déjà été traitée.' },
  entry_not_found: { status: 404, detail: 'Écriture introuvable.' },
  entry_own_approval: { status: 403, detail: 'Vous ne pouvez pas approuver votre propre écriture.' },
  entry_checker_too_recent: {
    status: 403,
    detail:
      'Vous ne pouvez pas approuver cette écriture : elle a été demandée avant votre activation. Un opérateur déjà actif à ce moment-là doit l’approuver.',
  },
  entry_not_pending: { status: 409, detail: 'Cette écriture a déjà été traitée.' },
  entry_insufficient_funds: {
    status: 422,
    detail: 'Solde disponible insuffisant pour ce débit : la régularisation ne peut pas être passée.',
  },

  // Screening alerts and asset freezes, under four eyes (docs/screening.md#alerts-decisions-and-freezes).
  screening_alert_not_found: { status: 404, detail: 'Alerte de criblage introuvable.' },
  screening_alert_decided: { status: 409, detail: 'Cette alerte a déjà été traitée.' },
  screening_confirmation_pending: {
    status: 409,
    detail:
      'Une confirmation est déjà proposée pour cette alerte : un autre opérateur doit l’approuver ou la classer en faux positif.',
  },
  screening_alert_not_proposed: {
    status: 409,
    detail: 'Aucune confirmation n’est proposée pour cette alerte : elle ne peut pas être approuvée.',
  },
  screening_own_approval: {
    status: 403,
    detail: 'Vous avez proposé cette confirmation : un autre opérateur doit l’approuver ou la rejeter.',
  },
  screening_checker_too_recent: {
    status: 403,
    detail:
      'Vous ne pouvez pas trancher cette proposition : elle a été faite avant votre activation. Un opérateur déjà actif à ce moment-là doit le faire.',
  },
  // Transaction monitoring's cases, a report under four eyes (docs/monitoring.md).
  monitoring_case_not_found: { status: 404, detail: 'Dossier de surveillance introuvable.' },
  monitoring_case_decided: { status: 409, detail: 'Ce dossier a déjà été traité.' },
  monitoring_report_pending: {
    status: 409,
    detail:
      'Une déclaration est déjà proposée pour ce dossier : un autre opérateur doit l’approuver ou classer le dossier sans suite.',
  },
  monitoring_report_not_proposed: {
    status: 409,
    detail: 'Aucune déclaration n’est proposée pour ce dossier : elle ne peut pas être approuvée.',
  },
  monitoring_own_approval: {
    status: 403,
    detail: 'Vous avez proposé cette déclaration : un autre opérateur doit l’approuver ou la rejeter.',
  },
  monitoring_checker_too_recent: {
    status: 403,
    detail:
      'Vous ne pouvez pas trancher cette proposition : elle a été faite avant votre activation. Un opérateur déjà actif à ce moment-là doit le faire.',
  },
  monitoring_report_not_found: { status: 404, detail: 'Ce dossier n’a pas de déclaration de soupçon.' },
  // Fraud reports and their refunds (docs/fraud-reports.md).
  fraud_report_not_multipart: {
    status: 415,
    detail: 'Envoyez le signalement en JSON, ou en multipart/form-data avec le fichier « file ».',
  },
  fraud_report_transfer_not_found: { status: 404, detail: 'Virement introuvable.' },
  fraud_report_transfer_not_executed: {
    status: 409,
    detail: 'Seul un virement exécuté peut être signalé comme une fraude.',
  },
  fraud_report_exists: { status: 409, detail: 'Ce virement a déjà été signalé.' },
  fraud_report_not_found: { status: 404, detail: 'Signalement introuvable.' },
  fraud_report_decided: { status: 409, detail: 'Ce signalement a déjà été traité.' },
  fraud_report_account_closed: {
    status: 409,
    detail: 'Le compte du client est clôturé : le remboursement ne peut pas y être versé.',
  },
  // Open banking: the customer's side of the PSD2 interface (docs/psd2.md).
  psd2_authorisation_not_found: { status: 404, detail: 'Demande d’accès introuvable.' },
  psd2_authorisation_closed: {
    status: 409,
    detail: 'Cette demande a déjà été traitée ou a expiré. Retournez sur le service tiers pour la refaire.',
  },
  psd2_account_not_offered: {
    status: 400,
    detail: 'Choisissez parmi les comptes proposés pour cet accès.',
  },
  psd2_consent_not_found: { status: 404, detail: 'Accès tiers introuvable.' },
  psd2_consent_ended: { status: 409, detail: 'Cet accès a déjà pris fin.' },
  psd2_tpp_not_found: { status: 404, detail: 'Prestataire introuvable.' },
  psd2_funds_provider_unknown: {
    status: 404,
    detail:
      'Aucun émetteur de cartes agréé ne s’est présenté sous cet identifiant. Vérifiez-le auprès de votre émetteur de carte.',
  },
  psd2_funds_date_invalid: {
    status: 400,
    detail: 'Choisissez une date de fin entre demain et dans un an.',
  },
  psd2_tpp_blocked: { status: 409, detail: 'Ce prestataire est déjà bloqué.' },
  // Held incoming credits: held, then released or returned under four eyes (docs/held-credits.md).
  held_credit_not_found: { status: 404, detail: 'Virement retenu introuvable.' },
  held_credit_not_incoming: {
    status: 409,
    detail:
      'Seul un virement reçu d’une autre banque, comptabilisé sur le compte d’un client, peut être retenu.',
  },
  held_credit_already_held: { status: 409, detail: 'Ce virement reçu est déjà retenu.' },
  held_credit_spent: {
    status: 409,
    detail:
      'Le solde disponible du client ne couvre plus ce virement : il ne peut pas être retenu. Envisagez un gel.',
  },
  held_credit_decided: { status: 409, detail: 'Ce virement retenu a déjà été libéré ou retourné.' },
  held_credit_proposal_pending: {
    status: 409,
    detail: 'Une décision est déjà proposée pour ce virement : un autre opérateur doit l’approuver.',
  },
  held_credit_not_proposed: {
    status: 409,
    detail: 'Aucune décision n’est proposée pour ce virement : rien à approuver.',
  },
  held_credit_own_approval: {
    status: 403,
    detail: 'Vous avez proposé cette décision : un autre opérateur doit l’approuver.',
  },
  held_credit_checker_too_recent: {
    status: 403,
    detail:
      'Vous ne pouvez pas trancher cette proposition : elle a été faite avant votre activation. Un opérateur déjà actif à ce moment-là doit le faire.',
  },
  held_credit_account_closed: {
    status: 409,
    detail: 'Le compte du client est clôturé : ce virement ne peut qu’être retourné à l’émetteur.',
  },
  freeze_not_found: { status: 404, detail: 'Gel introuvable.' },
  freeze_lifted: { status: 409, detail: 'Ce gel est déjà levé.' },
  freeze_lift_pending: {
    status: 409,
    detail: 'Une levée est déjà proposée pour ce gel : un autre opérateur doit l’approuver.',
  },
  freeze_not_lift_proposed: {
    status: 409,
    detail: 'Aucune levée n’est proposée pour ce gel : elle ne peut pas être approuvée.',
  },
  freeze_own_approval: {
    status: 403,
    detail: 'Vous avez proposé cette levée : un autre opérateur doit l’approuver.',
  },
  freeze_checker_too_recent: {
    status: 403,
    detail:
      'Vous ne pouvez pas approuver cette levée : elle a été proposée avant votre activation. Un opérateur déjà actif à ce moment-là doit l’approuver.',
  },

  // Web Push (docs/product/profile-and-security.md#push-notifications).
  push_endpoint_refused: {
    status: 422,
    detail:
      'Adresse de notification refusée : seul le service de notification d’un navigateur, en https sur un serveur public, est accepté.',
  },
  push_keys_invalid: {
    status: 422,
    detail: 'Clés de l’abonnement aux notifications invalides : réabonnez cet appareil depuis votre profil.',
  },

  // Sandbox.
  sandbox_key_invalid: { status: 401, detail: 'Clé sandbox invalide.' },
  sandbox_account_not_found: { status: 404, detail: 'Aucun compte ne correspond à cet IBAN.' },
  sandbox_credited_iban_invalid: { status: 400, detail: 'IBAN du compte à créditer invalide.' },
  sandbox_debtor_iban_invalid: { status: 400, detail: 'IBAN du donneur d’ordre invalide.' },
  sandbox_debited_iban_invalid: { status: 400, detail: 'IBAN du compte à débiter invalide.' },

  // Direct debits (docs/direct-debits.md): the intake's SEPA checks, then the customer's acts.
  direct_debit_creditor_id_invalid: {
    status: 400,
    detail: 'Identifiant créancier SEPA (ICS) invalide.',
  },
  direct_debit_creditor_name_invalid: {
    status: 400,
    detail: 'Le nom du créancier contient des caractères hors du jeu de caractères SEPA.',
  },
  direct_debit_mandate_reference_invalid: {
    status: 400,
    detail: 'Référence unique de mandat invalide : 1 à 35 caractères du jeu de caractères SEPA.',
  },
  direct_debit_remittance_invalid: {
    status: 400,
    detail: 'Le libellé du prélèvement contient des caractères hors du jeu de caractères SEPA.',
  },
  direct_debit_signed_on_invalid: {
    status: 400,
    detail: 'Date de signature du mandat invalide : une date AAAA-MM-JJ qui n’est pas dans le futur.',
  },
  direct_debit_due_date_invalid: {
    status: 400,
    detail: 'La date d’échéance doit être un jour ouvré TARGET2 (AAAA-MM-JJ).',
  },
  direct_debit_due_date_past: { status: 400, detail: 'La date d’échéance est déjà passée.' },
  direct_debit_not_found: { status: 404, detail: 'Prélèvement introuvable.' },
  mandate_not_found: { status: 404, detail: 'Mandat introuvable.' },
  direct_debit_already_settled: { status: 409, detail: 'Ce prélèvement a déjà été débité ou rejeté.' },
  direct_debit_already_refused: { status: 409, detail: 'Vous avez déjà refusé ce prélèvement.' },
  direct_debit_refusal_too_late: {
    status: 409,
    detail: (p: { lastDay: string; dueDate: string }) =>
      `Il est trop tard pour refuser ce prélèvement : il pouvait l’être jusqu’au ${p.lastDay} à minuit (heure de Paris), veille ouvrée de son échéance du ${p.dueDate}.`,
  },
  mandate_revoked: { status: 409, detail: 'Ce mandat est révoqué.' },
  mandate_ended: {
    status: 409,
    detail: 'Ce mandat a pris fin avec son dernier prélèvement.',
  },
  direct_debit_creditor_ids_invalid: {
    status: 400,
    detail: 'Un identifiant créancier SEPA (ICS) de vos listes est invalide.',
  },
  direct_debit_refund_not_booked: { status: 409, detail: DIRECT_DEBIT_MESSAGES.refundNotBooked },
  direct_debit_refund_closed: { status: 409, detail: DIRECT_DEBIT_MESSAGES.refundClosed },
  direct_debit_already_refunded: { status: 409, detail: DIRECT_DEBIT_MESSAGES.alreadyRefunded },
  direct_debit_claim_not_booked: { status: 409, detail: DIRECT_DEBIT_MESSAGES.claimNotBooked },
  direct_debit_claim_closed: { status: 409, detail: DIRECT_DEBIT_MESSAGES.claimClosed },
  direct_debit_claim_exists: { status: 409, detail: DIRECT_DEBIT_MESSAGES.claimExists },
  direct_debit_claim_decided: { status: 409, detail: DIRECT_DEBIT_MESSAGES.claimDecided },
  direct_debit_claim_not_found: { status: 404, detail: 'Contestation introuvable.' },

  // The EU sanctions list (docs/screening.md#the-list): a refused file changes nothing.
  sanctions_list_invalid: {
    status: 422,
    detail: (p: SanctionsListProblem) =>
      `${sanctionsListProblemText(p)} La liste en vigueur reste inchangée.`,
  },
  sanctions_list_not_multipart: {
    status: 415,
    detail: 'Envoyez la liste en multipart/form-data (champ « file ») ou en application/xml.',
  },
  sanctions_list_too_large: {
    status: 413,
    detail: 'Le fichier de la liste de sanctions dépasse 100 Mo.',
  },

  // The ledger's own refusals.
  entry_too_few_legs: { status: 400, detail: 'Une écriture a au moins deux jambes.' },
  leg_amount_invalid: { status: 400, detail: 'Chaque montant est un nombre entier de centimes non nul.' },
  leg_account_repeated: { status: 400, detail: 'Un compte apparaît deux fois.' },
  entry_unbalanced: { status: 400, detail: 'Écriture déséquilibrée : la somme doit être nulle.' },
  history_accounts_invalid: {
    status: 400,
    detail: 'Un historique va d’un compte client à un compte technique.',
  },
} as const satisfies Record<string, CatalogueEntry>;

interface CatalogueEntry {
  status: number;
  detail: string | ((params: never) => string);
}

export type ErrorCatalogue = typeof ERROR_CATALOGUE;
export type ErrorCode = keyof ErrorCatalogue;

/** The parameters a code's detail needs: none for a fixed text. */
export type ErrorParams<C extends ErrorCode> = ErrorCatalogue[C]['detail'] extends (params: infer P) => string
  ? P
  : never;

/** Codes whose detail needs parameters, and those whose detail is fixed. */
export type ParamErrorCode = {
  [C in ErrorCode]: ErrorCatalogue[C]['detail'] extends string ? never : C;
}[ErrorCode];
export type PlainErrorCode = Exclude<ErrorCode, ParamErrorCode>;

/** The French detail of a code, given its parameters when it needs some. */
export function errorDetail<C extends PlainErrorCode>(code: C): string;
export function errorDetail<C extends ParamErrorCode>(code: C, params: ErrorParams<C>): string;
export function errorDetail(code: ErrorCode, params?: unknown): string {
  const { detail } = ERROR_CATALOGUE[code];
  return typeof detail === 'string' ? detail : (detail as (p: unknown) => string)(params);
}
