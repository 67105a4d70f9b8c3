/**
 * The articles of /blog, published in full on the page.
 */
export interface Article {
  id: string;
  title: string;
  minutes: number;
  summary: string;
  body: readonly string[];
}

export const ARTICLES: readonly Article[] = [
  {
    id: 'fraude-faux-conseiller',
    title: 'Fraude au faux conseiller : comment la reconnaître',
    minutes: 3,
    summary:
      'Un appel urgent, un « conseiller » qui connaît votre nom, une demande de code : les signes qui doivent vous alerter.',
    body: [
      'Le scénario est toujours le même : quelqu’un vous appelle ou vous écrit en se présentant comme votre banque, signale une opération suspecte et vous presse d’agir. Il connaît parfois votre nom ou votre adresse, ce qui le rend crédible.',
      'Retenez une règle simple : votre banque ne vous demandera jamais votre mot de passe, un code reçu par SMS ou dans votre application, ni de faire un virement « de sécurité » vers un autre compte. Elle ne vous demandera jamais non plus de payer pour activer votre compte ou débloquer vos fonds.',
      'En cas de doute, raccrochez, puis contactez-nous vous-même par l’application ou par les coordonnées de la page Contact. Si vous avez déjà communiqué des informations, verrouillez votre carte depuis l’application et prévenez-nous sans attendre.',
    ],
  },
  {
    id: 'instantane-ou-ponctuel',
    title: 'Virement instantané ou ponctuel : lequel choisir ?',
    minutes: 2,
    summary:
      'L’un est accepté ou refusé par la banque du bénéficiaire pendant que vous attendez, l’autre est exécuté en 48 à 72 heures et peut être programmé. Comment choisir selon la situation.',
    body: [
      'Le virement instantané est idéal quand l’argent doit arriver tout de suite : rembourser un ami, payer un artisan à la livraison. La banque du bénéficiaire l’accepte ou le refuse pendant que vous attendez, {instantTimeout} secondes au plus ; en cas de refus ou sans réponse dans ce délai, l’argent revient aussitôt sur votre compte.',
      'Le virement ponctuel est exécuté sous 48 à 72 heures. Il peut être daté dans le futur et répété chaque mois : c’est la bonne solution pour un loyer, une pension ou une épargne régulière.',
      'Dans les deux cas, le virement est confirmé par authentification forte, avec le montant et le bénéficiaire sous les yeux.',
    ],
  },
  {
    id: 'carte-virtuelle-achats',
    title: 'Bien utiliser sa carte virtuelle pour les achats en ligne',
    minutes: 3,
    summary:
      'Plafonds, verrouillage, paiements en ligne : quelques réglages simples pour acheter sereinement.',
    body: [
      'Une carte virtuelle s’utilise comme une carte classique sur les sites marchands : numéro, date d’expiration et cryptogramme. Ces informations ne s’affichent dans l’application qu’après authentification forte, pendant 60 secondes.',
      'Ajustez vos plafonds à votre usage réel : un plafond hebdomadaire modeste limite l’impact d’une éventuelle fraude. Vous pouvez aussi désactiver les paiements en magasin, les retraits ou les paiements récurrents (abonnements) si vous ne vous en servez pas.',
      'Une opération inconnue ? Verrouillez la carte en un geste, puis vérifiez. Si la fraude est confirmée, supprimez la carte : elle est mise en opposition et vous pouvez en créer une nouvelle immédiatement.',
    ],
  },
  {
    id: 'methode-des-enveloppes',
    title: 'Sous-comptes : la méthode des enveloppes, version numérique',
    minutes: 2,
    summary:
      'Répartir son argent en enveloppes dès le début du mois est une méthode éprouvée. Les sous-comptes la rendent facile.',
    body: [
      'La méthode des enveloppes consiste à répartir ses revenus dès leur arrivée : une part pour les dépenses courantes, une pour les factures, une pour l’épargne ou les projets.',
      'Avec les sous-comptes, chaque enveloppe devient un espace avec son propre solde. Vous déplacez l’argent entre le compte principal et vos espaces en un instant.',
      'En fin de mois, exportez votre relevé en CSV pour faire le point dans votre tableur, ou simplement pour garder une trace.',
    ],
  },
];
