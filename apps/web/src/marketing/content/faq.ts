/**
 * The FAQ of /faq (docs/product/marketing-site.md): real answers about this product — opening, documents, delays, card,
 * transfers, direct debits, security, fees, closing. `{name}`, `{fraudEmail}`… are filled from the institution profile.
 * An answer about a feature names its capability (`since`) and says, in `soon`, what is true until
 * it is there (docs/product/principles.md#no-false-claims).
 */
import type { CapabilityId } from '@comptoir/core/capabilities';

export type FaqItem =
  | { q: string; a: string }
  | {
      q: string;
      a: string;
      since: CapabilityId;
      /** The answer until the capability exists. */ soon: string;
    };

export interface FaqSection {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

export const FAQ: readonly FaqSection[] = [
  {
    id: 'ouverture',
    title: 'Ouverture de compte',
    items: [
      {
        q: 'Qui peut ouvrir un compte {name} ?',
        a: 'Toute personne majeure disposant d’une pièce d’identité en cours de validité, d’un justificatif de domicile, d’une adresse e-mail et d’un téléphone portable. L’ouverture se fait entièrement en ligne.',
      },
      {
        q: 'Comment se déroule l’ouverture ?',
        a: 'Cliquez sur « Ouvrir mon compte » et suivez les étapes : pays, revenus et profession, adresse e-mail, pièce d’identité et selfie, justificatif de domicile, puis vos coordonnées et votre mot de passe. Vous confirmez enfin votre adresse e-mail grâce au lien que nous vous envoyons.',
      },
      {
        q: 'Dois-je verser de l’argent pour ouvrir ou activer mon compte ?',
        a: 'Non, jamais. Aucun dépôt, frais ou paiement n’est demandé pour ouvrir, activer ou débloquer votre compte. Si quelqu’un vous le demande au nom de {name}, c’est une tentative d’escroquerie : ne payez rien et signalez-le à {fraudEmail}.',
      },
    ],
  },
  {
    id: 'documents',
    title: 'Documents',
    items: [
      {
        q: 'Quels documents dois-je fournir ?',
        a: 'Une carte d’identité (recto et verso) ou un passeport en cours de validité, un selfie, et un justificatif de domicile récent : facture d’énergie ou de téléphone, avis d’imposition, quittance de loyer.',
      },
      {
        q: 'Quels formats de fichier sont acceptés ?',
        a: 'JPEG, PNG, HEIC ou PDF, jusqu’à 10 Mo par fichier. Sur téléphone, vous pouvez prendre la photo directement avec l’appareil photo.',
      },
      {
        q: 'Que deviennent mes pièces d’identité ?',
        a: 'Elles sont chiffrées et ne sont accessibles qu’à vous pendant l’inscription et aux personnes habilitées qui examinent votre dossier ; chaque consultation est enregistrée. Les métadonnées des photos (position, appareil) sont supprimées. Si vous abandonnez votre inscription, elles sont effacées au bout de 30 jours.',
      },
    ],
  },
  {
    id: 'delais',
    title: 'Délais',
    items: [
      {
        q: 'Combien de temps faut-il pour ouvrir un compte ?',
        a: 'Quelques minutes pour remplir votre dossier. Notre équipe le vérifie ensuite, en général sous 24 h, et vous écrit pour confirmer l’ouverture ou vous indiquer ce qu’il faut corriger.',
      },
      {
        q: 'Combien de temps prend un virement ?',
        a: 'Un virement instantané attend la réponse de la banque du bénéficiaire {instantTimeout} secondes au plus : acceptée, l’argent est arrivé ; refusée ou sans réponse dans ce délai, le virement est annulé et l’argent reste sur votre compte. Un virement ponctuel est exécuté sous 48 h à 72 h.',
        since: 'transfers',
        soon: 'Les virements sortants arrivent bientôt : un virement instantané attendra la réponse de la banque du bénéficiaire {instantTimeout} secondes au plus, un virement ponctuel sera exécuté sous 48 h à 72 h. Aujourd’hui, votre IBAN vous permet déjà de recevoir des virements.',
      },
    ],
  },
  {
    id: 'carte',
    title: 'Carte',
    items: [
      {
        q: 'Quand puis-je utiliser ma carte ?',
        a: 'Dès l’ouverture de votre compte : la carte virtuelle se trouve dans l’onglet Carte. Son numéro, sa date d’expiration et son cryptogramme s’affichent pendant 60 secondes, après une authentification forte.',
        since: 'card',
        soon: 'La carte de débit virtuelle n’est pas encore disponible : elle arrive bientôt, sans frais, pour chaque compte ouvert.',
      },
      {
        q: 'Comment bloquer ma carte ?',
        a: 'Dans l’onglet Carte, activez « Verrouiller temporairement » : tous les paiements sont refusés jusqu’à ce que vous la déverrouilliez. En cas de perte ou de fraude, « Supprimer la carte » la met définitivement en opposition, et vous pouvez en créer une nouvelle.',
        since: 'card',
        soon: 'La carte virtuelle arrive bientôt ; vous pourrez alors la verrouiller ou la mettre en opposition vous-même. En attendant, si une opération vous semble suspecte, écrivez sans attendre à {fraudEmail}.',
      },
      {
        q: 'Puis-je modifier mes plafonds ?',
        a: 'Oui, à tout moment : plafond hebdomadaire de 0 à 5 000 € et plafond mensuel de 0 à 10 000 €. Vous choisissez aussi d’autoriser ou non les paiements en ligne, en magasin, les retraits et les paiements récurrents (abonnements).',
        since: 'card',
        soon: 'Pas encore : la carte virtuelle et ses plafonds réglables (jusqu’à 5 000 € par semaine et 10 000 € par mois) arrivent bientôt.',
      },
    ],
  },
  {
    id: 'virements',
    title: 'Virements',
    items: [
      {
        q: 'Comment ajouter un bénéficiaire ?',
        a: 'Dans Virements, choisissez « Ajouter un bénéficiaire » et saisissez son nom, son IBAN et, si besoin, son BIC. Quand c’est possible, nous vérifions que le nom correspond au titulaire du compte. L’ajout est confirmé par authentification forte.',
        since: 'transfers',
        soon: 'Les bénéficiaires et les virements sortants arrivent bientôt. Aujourd’hui, votre IBAN vous permet de recevoir des virements.',
      },
      {
        q: 'Puis-je programmer un virement ?',
        a: 'Oui : un virement ponctuel peut être daté dans le futur et répété chaque mois. Tant qu’il n’est pas exécuté, vous pouvez l’annuler.',
        since: 'transfers',
        soon: 'Pas encore : les virements ponctuels et programmés arrivent bientôt.',
      },
      {
        q: 'Que se passe-t-il si mon virement est refusé ?',
        a: 'Si la banque du bénéficiaire refuse un virement instantané, l’argent revient immédiatement sur votre compte et un message vous explique pourquoi.',
        since: 'transfers',
        soon: 'Les virements sortants arrivent bientôt. Un virement instantané refusé par la banque du bénéficiaire reviendra immédiatement sur votre compte, avec un message qui explique pourquoi.',
      },
    ],
  },
  {
    id: 'prelevements',
    title: 'Prélèvements',
    items: [
      {
        q: 'Comment refuser un prélèvement ?',
        a: 'Dans Virements › Prélèvements, chaque prélèvement annoncé affiche son créancier, son montant et sa date d’échéance. Choisissez « Refuser » jusqu’à la veille ouvrée de l’échéance, à minuit (heure de Paris) : le prélèvement est rejeté à son échéance et votre compte n’est pas débité. Le mandat reste valable pour les suivants.',
        since: 'directDebits',
        soon: 'Les prélèvements SEPA arrivent bientôt.',
      },
      {
        q: 'Comment révoquer un mandat de prélèvement ?',
        a: 'Dans Virements › Prélèvements, rubrique Mandats, choisissez « Révoquer » sur le mandat : les prélèvements que ce créancier présente ensuite sont rejetés, y compris ceux déjà annoncés. Prévenez aussi votre créancier. Vous pouvez plutôt limiter un mandat : un montant maximal par prélèvement, un nombre maximal par mois ou par an.',
        since: 'directDebits',
        soon: 'Les prélèvements SEPA arrivent bientôt.',
      },
      {
        q: 'Comment me faire rembourser un prélèvement ?',
        a: 'Pendant 8 semaines après son débit, un prélèvement que vous avez autorisé est remboursé sans justification : dans Virements › Prélèvements, choisissez « Demander le remboursement » ; le montant est crédité aussitôt, en date de valeur du débit. Un prélèvement que vous n’avez pas autorisé se conteste pendant 13 mois avec « Contester » : notre équipe examine votre demande et vous répond dans l’application.',
        since: 'directDebits',
        soon: 'Les prélèvements SEPA arrivent bientôt.',
      },
    ],
  },
  {
    id: 'securite',
    title: 'Sécurité',
    items: [
      {
        q: 'Comment mon compte est-il protégé ?',
        a: 'Par une authentification forte : votre mot de passe, et un second facteur (application d’authentification ou clé d’accès) pour l’ajout d’un bénéficiaire, chaque virement et, dès que vous l’avez activé, la connexion. Après 5 codes erronés, l’authentification forte est suspendue 15 minutes. Votre session se ferme après 5 minutes d’inactivité.',
        since: 'strongAuth',
        soon: 'Par votre mot de passe, de 12 caractères au moins, vérifié sur nos serveurs : après 5 essais erronés, la connexion est suspendue un moment. Votre session se ferme après 5 minutes d’inactivité. L’authentification forte, avec un second facteur, arrive bientôt.',
      },
      {
        q: 'Qu’est-ce que 3D Secure ?',
        a: 'Un protocole des réseaux de cartes qui permet de confirmer un achat en ligne auprès de votre banque : le numéro de carte seul ne suffit plus pour payer. Vous confirmez dans l’application, qui vous montre le montant et le commerçant, avec votre code ou votre clé d’accès ; sans réponse sous 10 minutes, le paiement est refusé. Un petit achat (30 € au plus) peut passer sans confirmation tant que vos achats depuis la dernière confirmation ne dépassent pas 100 € ni 5 paiements.',
        since: 'threeDSecure',
        soon: 'Un protocole des réseaux de cartes qui permet de confirmer un achat en ligne auprès de sa banque : le numéro de carte seul ne suffit plus pour payer. Notre carte virtuelle ne le propose pas encore : il arrive bientôt. En attendant, verrouillez votre carte entre deux achats et gardez des plafonds bas.',
      },
      {
        q: 'Puis-je être prévenu quand l’application est fermée ?',
        a: 'Oui : activez les notifications push sur chaque appareil, depuis votre profil. Elles signalent les virements reçus, les paiements par carte, les prélèvements annoncés et les achats en ligne à confirmer. Les montants n’apparaissent sur l’écran verrouillé que si vous l’avez demandé.',
        since: 'pushNotifications',
        soon: 'Pas encore : aujourd’hui, les notifications s’affichent quand l’application est ouverte. Les notifications push arrivent bientôt.',
      },
      {
        q: 'Mes données de carte sont-elles en sécurité ?',
        a: 'Elles sont traitées selon les principes de la norme PCI DSS : numéro et cryptogramme chiffrés, jamais enregistrés dans les journaux, affichés uniquement à vous après authentification forte.',
        since: 'card',
        soon: 'La carte virtuelle arrive bientôt. Ses données seront traitées selon les principes de la norme PCI DSS : numéro et cryptogramme chiffrés, jamais enregistrés dans les journaux, affichés uniquement à vous.',
      },
      {
        q: '{name} peut-il me demander mon mot de passe ou un code ?',
        a: 'Jamais : ni par e-mail, ni par téléphone, ni par SMS. Ne communiquez vos codes à personne, même à quelqu’un qui se présente comme votre conseiller.',
      },
    ],
  },
  {
    id: 'frais',
    title: 'Frais',
    items: [
      {
        q: 'Combien coûte le compte ?',
        a: 'À partir de 0 €/mois, sans engagement. Le détail de ce qui est inclus figure sur la page Notre offre.',
      },
      {
        q: 'Y a-t-il des frais cachés ?',
        a: 'Non. Ce qui est inclus est écrit simplement, et ouvrir, activer ou débloquer votre compte ne coûte jamais rien.',
      },
    ],
  },
  {
    id: 'cloture',
    title: 'Clôture',
    items: [
      {
        q: 'Comment clôturer mon compte ?',
        a: 'Écrivez-nous depuis la page Contact : un compte se clôture avec un solde nul, et nous vous indiquons comment récupérer le vôtre sur un autre compte. La clôture est gratuite.',
      },
      {
        q: 'Que deviennent mes données après la clôture ?',
        a: 'Nous conservons uniquement ce que la loi nous impose de garder, notamment au titre de la lutte contre le blanchiment, pendant la durée prévue ; vos données personnelles sont ensuite anonymisées.',
      },
    ],
  },
];
