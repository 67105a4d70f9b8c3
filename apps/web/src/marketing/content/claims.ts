/**
 * Every feature the public site claims, each tied to the capability switch that makes it true
 * (`since`, docs/product/principles.md#no-false-claims). A claim whose capability is not there yet is shown with « Bientôt »; the
 * claims test (apps/server/src/http/claims.test.ts) checks that the screens and APIs of every claim
 * shown as available really answer. Copy stays honest as features land: flip the switch in
 * `@comptoir/core/capabilities`, nothing here.
 */
import type { FeatureClaim, Claim } from './availability.ts';

export const CLAIMS = {
  /** /offre — what the account includes. */
  offer: [
    { text: 'Compte courant en euros avec IBAN et RIB', since: 'rib' },
    { text: 'Suivi des opérations en temps réel', since: 'liveOperations' },
    { text: 'Carte de débit virtuelle', since: 'card' },
    { text: 'Virements SEPA instantanés, ponctuels et programmés', since: 'transfers' },
    { text: 'Prélèvements SEPA', since: 'directDebits' },
    { text: 'Sous-comptes (espaces)', since: 'spaces' },
    { text: 'Relevés mensuels en PDF et en CSV', since: 'statements' },
    { text: 'Un conseiller attitré', since: 'adviser' },
  ],
  /** /compteshome — « Tout ce qui est inclus ». */
  account: [
    { text: 'IBAN luxembourgeois et RIB téléchargeable en PDF', since: 'rib' },
    { text: 'Solde et opérations à jour sans recharger la page', since: 'liveOperations' },
    { text: 'Carte de débit virtuelle', since: 'card' },
    { text: 'Virements instantanés, ponctuels et programmés', since: 'transfers' },
    { text: 'Prélèvements SEPA', since: 'directDebits' },
    { text: 'Sous-comptes (espaces)', since: 'spaces' },
    { text: 'Relevés mensuels en PDF et en CSV', since: 'statements' },
    { text: 'Un conseiller attitré', since: 'adviser' },
    { text: 'Une messagerie sécurisée', since: 'secureMessages' },
  ],
  home: {
    /** Trust fact « Une carte » (docs/product/marketing-site.md). */
    card: {
      title: 'Une carte',
      text: 'Une carte de débit virtuelle incluse, prête à l’emploi dès l’ouverture du compte.',
      since: 'card',
    },
    benefits: [
      {
        title: 'Utilisation facile',
        text: 'Votre solde et vos opérations dès l’ouverture de l’application, sans détour ni jargon.',
        since: 'operations',
      },
      {
        title: 'Suivi en temps réel',
        text: 'Chaque virement reçu apparaît dans vos opérations dès son arrivée, sans recharger la page, avec une notification discrète.',
        since: 'liveOperations',
      },
      {
        title: 'Sécurité renforcée',
        text: 'Authentification forte par un second facteur, application ou clé d’accès, pour chaque virement et, dès que vous l’activez, à la connexion.',
        since: 'strongAuth',
      },
    ],
    account: [
      { text: 'IBAN utilisable dans toute la zone SEPA pour recevoir votre salaire', since: 'rib' },
      { text: 'RIB téléchargeable en PDF, prêt à transmettre', since: 'rib' },
      { text: 'Carte virtuelle pour vos achats en ligne', since: 'card' },
    ],
    payments: [
      {
        text: 'Virement instantané : accepté ou refusé par la banque du bénéficiaire pendant que vous attendez',
        since: 'transfers',
      },
      { text: 'Virement ponctuel : exécuté sous 48 h à 72 h, ou à la date choisie', since: 'transfers' },
      { text: 'Plafonds de carte réglables à tout moment', since: 'card' },
    ],
    subAccounts: [
      { text: 'Espaces rangés sous votre compte principal', since: 'spaces' },
      { text: 'Relevés mensuels en PDF et en CSV', since: 'statements' },
      { text: 'Recherche et filtre par mois dans vos opérations', since: 'search' },
    ],
  },
  /** /cartedigital — four features (docs/product/marketing-site.md). */
  cardFeatures: [
    {
      title: '3D Secure',
      text: 'Vos achats en ligne se confirment dans l’application, le montant et le commerçant sous les yeux : un numéro de carte volé ne suffit pas pour payer.',
      since: 'threeDSecure',
    },
    {
      title: 'Suivi en temps réel',
      text: 'Chaque paiement apparaît dans vos opérations dès son autorisation, sans recharger la page.',
      since: 'card',
    },
    {
      title: 'Notifications',
      text: 'Une notification vous signale chaque paiement par carte, accepté ou refusé, et chaque virement reçu, même application fermée si vous activez les notifications push.',
      since: 'pushNotifications',
    },
    {
      title: 'Blocage de la carte',
      text: 'Un doute ? Verrouillez temporairement votre carte en un geste. En cas de perte, faites opposition depuis l’application.',
      since: 'card',
    },
  ],
  /** /agregation — split by the page into « Déjà disponible » and « Bientôt ». */
  aggregation: [
    {
      title: 'Vos opérations en temps réel',
      text: 'Votre solde et l’historique de votre compte, à jour dès qu’un virement arrive.',
      since: 'liveOperations',
    },
    {
      title: 'Votre RIB en PDF',
      text: 'Vos coordonnées bancaires à copier ou à télécharger, prêtes à transmettre.',
      since: 'rib',
    },
    {
      title: 'Tous vos espaces d’un coup d’œil',
      text: 'Votre compte principal et vos sous-comptes affichés ensemble, avec le solde de chacun.',
      since: 'spaces',
    },
    {
      title: 'Exports pour vos outils',
      text: 'Relevés mensuels en CSV, à importer dans votre tableur, votre application de budget ou votre logiciel de comptabilité.',
      since: 'statements',
    },
    {
      title: 'Recherche et filtres',
      text: 'Retrouver une opération par son libellé, son montant ou son numéro, et filtrer par mois.',
      since: 'search',
    },
    {
      title: 'Vos comptes d’autres banques',
      text: 'Les comptes que vous détenez ailleurs, via les interfaces prévues par la directive européenne sur les services de paiement (DSP2), avec votre consentement explicite, compte par compte, révocable à tout moment.',
      since: 'aggregation',
    },
  ],
  /** /prelevements — « Vous gardez la main »: what the customer does in Virements › Prélèvements. */
  debits: [
    {
      title: 'Mandats et échéances',
      text: 'Chaque mandat (créancier, identifiant créancier, référence, date de signature) et chaque prélèvement annoncé, avec son montant et sa date, avant qu’il ne soit débité.',
      since: 'directDebits',
    },
    {
      title: 'Refuser un prélèvement',
      text: 'Un prélèvement annoncé se refuse jusqu’à la veille ouvrée de son échéance, à minuit : il est rejeté et votre compte n’est pas débité.',
      since: 'directDebits',
    },
    {
      title: 'Révoquer un mandat',
      text: 'Un mandat révoqué ne permet plus de vous prélever : les prélèvements présentés ensuite sont rejetés.',
      since: 'directDebits',
    },
    {
      title: 'Limiter',
      text: 'Un montant maximal par prélèvement et un nombre maximal de prélèvements par mois ou par an, mandat par mandat.',
      since: 'directDebits',
    },
    {
      title: 'Bloquer ou autoriser des créanciers',
      text: 'Bloquez tous les prélèvements, n’acceptez que les créanciers de votre liste ou bloquez-en certains, par leur identifiant créancier SEPA.',
      since: 'directDebits',
    },
    {
      title: 'Remboursement et contestation',
      text: 'Remboursement sans justification pendant 8 semaines après le débit, crédité aussitôt ; contestation d’un prélèvement non autorisé pendant 13 mois.',
      since: 'directDebits',
    },
  ],
  /** /prelevements — « Tout retrouver ». */
  debitsSearch: {
    title: 'Tout retrouver',
    text: 'Rechercher un créancier par son nom, le motif ou le montant, et filtrer vos opérations par mois.',
    since: 'search',
  },
} as const satisfies {
  offer: readonly Claim[];
  account: readonly Claim[];
  home: {
    card: FeatureClaim;
    benefits: readonly FeatureClaim[];
    account: readonly Claim[];
    payments: readonly Claim[];
    subAccounts: readonly Claim[];
  };
  cardFeatures: readonly FeatureClaim[];
  aggregation: readonly FeatureClaim[];
  debits: readonly FeatureClaim[];
  debitsSearch: FeatureClaim;
};
