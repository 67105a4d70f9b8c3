/**
 * The conditions of use of /politiques-de-confidentialite, in the seven sections docs/product/marketing-site.md lists.
 * Nothing in them makes funds depend on a payment (docs/product/principles.md#the-customers-money-is-the-customers). `{name}`, `{legalName}`, `{address}`,
 * `{supportEmail}` are filled from the institution profile.
 */
export interface ConditionsSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

export const CONDITIONS: readonly ConditionsSection[] = [
  {
    id: 'ouverture-de-compte',
    title: '1. Ouverture de compte',
    paragraphs: [
      'Le compte {name} s’ouvre entièrement en ligne, par toute personne majeure agissant pour son propre compte. La demande est gratuite et ne vous engage à rien tant qu’elle n’est pas acceptée.',
      'Vous fournissez des informations exactes et à jour : pays, revenus, profession, coordonnées. Une même personne ne peut détenir qu’un seul espace client ; une adresse e-mail déjà utilisée ne peut pas servir à ouvrir un second compte.',
    ],
  },
  {
    id: 'verification-d-identite',
    title: '2. Vérification d’identité',
    paragraphs: [
      'La loi nous impose de vérifier l’identité de nos clients avant d’ouvrir un compte (lutte contre le blanchiment de capitaux et le financement du terrorisme). Vous transmettez pour cela une pièce d’identité en cours de validité, un selfie et un justificatif de domicile.',
      'Notre équipe examine votre dossier, en général sous 24 h. Elle peut vous demander de corriger ou de compléter un document ; la demande et son motif vous sont indiqués par e-mail et dans votre espace. Elle peut aussi refuser une demande, en vous en indiquant la raison.',
    ],
  },
  {
    id: 'activation',
    title: '3. Activation',
    paragraphs: [
      'Votre compte est activé dès que votre dossier est validé : un IBAN vous est attribué et un e-mail de bienvenue vous est envoyé.',
      'L’activation ne dépend d’aucun paiement. Aucun dépôt, frais, « certification » ou virement ne vous sera jamais demandé pour activer votre compte, le débloquer ou libérer vos fonds. Une telle demande, d’où qu’elle vienne, est une tentative d’escroquerie.',
    ],
  },
  {
    id: 'fonctionnement-du-compte',
    title: '4. Fonctionnement du compte',
    paragraphs: [
      'Le compte est tenu en euros. Votre solde est la somme de vos opérations enregistrées ; personne, pas même nos équipes, ne peut le modifier sans une opération en contrepartie, visible dans votre historique.',
      'Les fonds reçus sont disponibles dès leur arrivée. Un paiement ne peut être bloqué que dans trois cas : un solde disponible insuffisant, un verrouillage de carte que vous avez vous-même choisi, ou une demande de document motivée par nos obligations légales, dont le motif et le moyen d’y répondre (le document à fournir) vous sont indiqués. Aucune de ces situations ne se règle par un paiement.',
      'Un virement instantané attend la réponse de la banque du bénéficiaire {instantTimeout} secondes au plus ; sans réponse dans ce délai, il est annulé et l’argent reste sur votre compte. Les virements ponctuels sont exécutés sous 48 h à 72 h. Votre carte virtuelle est soumise aux plafonds que vous choisissez. Vos relevés mensuels sont disponibles dans votre espace.',
    ],
  },
  {
    id: 'obligations-du-client',
    title: '5. Obligations du client',
    paragraphs: [
      'Vous gardez secrets votre mot de passe et vos codes d’authentification, et ne les communiquez à personne, y compris à quelqu’un qui se présente comme un employé de {name}.',
      'Vous nous signalez sans tarder la perte de votre téléphone, une opération que vous ne reconnaissez pas ou toute utilisation frauduleuse de votre compte, et vous tenez vos informations personnelles à jour.',
      'Vous utilisez votre compte pour des opérations licites, et répondez aux demandes de document que nos obligations légales rendent nécessaires.',
    ],
  },
  {
    id: 'donnees-personnelles',
    title: '6. Données personnelles',
    paragraphs: [
      'Le responsable du traitement est {legalName}, {address}. Nous traitons vos données pour ouvrir et gérer votre compte (exécution du contrat), respecter nos obligations légales (vérification d’identité, lutte contre la fraude et le blanchiment) et répondre à vos messages.',
      'Vos pièces d’identité sont chiffrées, consultées uniquement par les personnes habilitées, et chaque consultation est enregistrée. Les dossiers abandonnés sont effacés au bout de 30 jours. Les données d’un compte clôturé sont conservées le temps imposé par la loi, puis anonymisées.',
      'Nous ne vendons pas vos données et n’utilisons aucun cookie publicitaire ni outil de suivi : seuls des cookies strictement nécessaires à votre session sont déposés.',
      'Vous disposez des droits d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité. Pour les exercer, écrivez à {supportEmail}. Vous pouvez aussi introduire une réclamation auprès de l’autorité de protection des données de votre pays ; au Luxembourg, la Commission nationale pour la protection des données (CNPD).',
    ],
  },
  {
    id: 'reclamations',
    title: '7. Réclamations',
    paragraphs: [
      'Pour toute réclamation, écrivez-nous depuis la page Contact ou à {supportEmail}, en précisant l’objet « Réclamation ». Nous accusons réception de votre message et vous répondons par écrit dans les meilleurs délais, au plus tard dans les délais prévus par la réglementation.',
      'Si la réponse ne vous satisfait pas, vous pouvez vous adresser à un médiateur ou à l’autorité de surveillance compétente, dont les coordonnées figurent dans les mentions légales en bas de page lorsque l’établissement est agréé.',
    ],
  },
];
