/**
 * Marketing content: figures, quotes, testimonials, service cards, the offer and social links — in
 * one typed module, never scattered in components (docs/product/marketing-site.md).
 *
 * Anything flagged `sample: true` is demonstration material, not something the institution has
 * measured or been told. Such items are labelled « exemple » in sandbox mode and are never shown by
 * a real institution (see `shownContent`): an institution that goes live replaces them with its
 * own figures and real, consented testimonials — or shows none.
 */
import { isAvailable, type CapabilityId } from '@comptoir/core/capabilities';
import { IMAGES } from './images.ts';

export interface Sampled {
  /** Demonstration content: labelled « exemple » in sandbox mode, hidden in production. */
  sample: boolean;
}

export interface Figure extends Sampled {
  id: string;
  /** Already formatted for display (« 12 500 », « 4,7/5 »). */
  value: string;
  label: string;
}

export interface Quote extends Sampled {
  id: string;
  text: string;
  author: string;
  /** Who the author is (« Cliente depuis 2024 », « Graphiste indépendant »). */
  detail: string;
  /** Stars out of 5, when the author gave a rating. */
  rating?: 1 | 2 | 3 | 4 | 5;
  /** The feature the quote speaks of: shown only once it exists (docs/product/principles.md#no-false-claims). */
  since?: CapabilityId;
}

/** A customer-service card; every field may be left out (defaults in docs/product/marketing-site.md#content-and-claims). */
export interface ServiceCard {
  imageUrl?: string;
  title?: string;
  description?: string;
  /** The capability the card describes, when it is a feature: « Bientôt » until it exists. */
  since?: CapabilityId;
}

export interface SocialLink {
  network: 'mastodon' | 'peertube';
  label: string;
  url: string;
}

/** What the offer includes is a list of claims, in `content/claims.ts`. */
export interface Offer {
  name: string;
  /** Price per month in integer euro cents. */
  monthlyPriceCents: number;
}

/** Defaults of a service card, as docs/product/marketing-site.md#content-and-claims states them. */
export const SERVICE_CARD_DEFAULTS = {
  imageUrl: IMAGES.serviceDefault,
  title: 'Untitled',
  description: 'No description available.',
} as const satisfies Required<Omit<ServiceCard, 'since'>>;

export const withServiceCardDefaults = (card: ServiceCard): Required<Omit<ServiceCard, 'since'>> => ({
  imageUrl: card.imageUrl || SERVICE_CARD_DEFAULTS.imageUrl,
  title: card.title || SERVICE_CARD_DEFAULTS.title,
  description: card.description || SERVICE_CARD_DEFAULTS.description,
});

export interface MarketingContent {
  /** Number of customers, « N clients » on the home page. */
  customers: Sampled & { count: number };
  /** Average review score out of 5 and number of reviews. */
  rating: Sampled & { value: number; reviews: number };
  /** The figures of /temoignagesclient. */
  figures: readonly Figure[];
  /** Five quotes on /cartedigital. */
  cardQuotes: readonly Quote[];
  /** Quotes on /temoignagesclient. */
  testimonials: readonly Quote[];
  serviceCards: readonly ServiceCard[];
  offer: Offer;
  socialLinks: readonly SocialLink[];
}

export const content: MarketingContent = {
  customers: { count: 12_500, sample: true },
  rating: { value: 4.7, reviews: 1840, sample: true },
  figures: [
    { id: 'customers', value: formatCount(12_500), label: 'clients au quotidien', sample: true },
    { id: 'rating', value: '4,7/5', label: `note moyenne sur ${formatCount(1840)} avis`, sample: true },
    { id: 'review', value: '≈ 24 h', label: 'pour examiner un dossier d’ouverture', sample: false },
    { id: 'activation', value: '0 €', label: 'demandé pour activer un compte, toujours', sample: false },
  ],
  cardQuotes: [
    {
      id: 'card-1',
      text: 'Je règle mes achats en ligne avec la carte virtuelle et je la verrouille dès que j’ai fini. Simple et rassurant.',
      author: 'Claire M.',
      detail: 'Cliente depuis 2024',
      rating: 5,
      sample: true,
      since: 'card',
    },
    {
      id: 'card-2',
      text: 'Baisser mon plafond hebdomadaire m’a aidé à tenir mon budget. Je le remonte en deux secondes quand j’en ai besoin.',
      author: 'Youssef B.',
      detail: 'Étudiant',
      rating: 5,
      sample: true,
      since: 'card',
    },
    {
      id: 'card-3',
      text: 'Chaque paiement apparaît tout de suite dans l’application. Je sais toujours où j’en suis.',
      author: 'Martine L.',
      detail: 'Retraitée',
      rating: 4,
      sample: true,
      since: 'card',
    },
    {
      id: 'card-4',
      text: 'Un site m’a semblé louche : j’ai verrouillé la carte, vérifié mes opérations, puis je l’ai déverrouillée. Aucun appel à passer.',
      author: 'Thomas R.',
      detail: 'Développeur',
      rating: 5,
      sample: true,
      since: 'card',
    },
    {
      id: 'card-5',
      text: 'Pas de carte à attendre par la poste : j’ai payé mon premier abonnement le jour de l’ouverture.',
      author: 'Inès D.',
      detail: 'Graphiste indépendante',
      rating: 5,
      sample: true,
      since: 'card',
    },
  ],
  testimonials: [
    {
      id: 'home-1',
      text: 'Ouverture en un quart d’heure depuis mon canapé, compte validé le lendemain matin. Aucun papier à envoyer par courrier.',
      author: 'Julien P.',
      detail: 'Client depuis 2023',
      rating: 5,
      sample: true,
      since: 'accountOpening',
    },
    {
      id: 'home-2',
      text: 'J’ai un espace pour les impôts et un pour les vacances. Je n’ai plus de mauvaise surprise en fin de mois.',
      author: 'Sophie K.',
      detail: 'Infirmière',
      rating: 5,
      sample: true,
      since: 'spaces',
    },
    {
      id: 'home-3',
      text: 'Mon conseiller m’a répondu dans la journée, en français, avec une vraie réponse et pas un message automatique.',
      author: 'Antoine G.',
      detail: 'Artisan',
      rating: 4,
      sample: true,
      since: 'adviser',
    },
    {
      id: 'home-4',
      text: 'Les virements instantanés entre amis, c’est devenu un réflexe. L’argent arrive avant même que j’aie rangé mon téléphone.',
      author: 'Léa F.',
      detail: 'Étudiante',
      rating: 5,
      sample: true,
      since: 'transfers',
    },
    {
      id: 'home-5',
      text: 'J’exporte mes relevés en CSV pour ma comptabilité d’auto-entrepreneur. Un vrai gain de temps.',
      author: 'Karim H.',
      detail: 'Photographe indépendant',
      rating: 5,
      sample: true,
      since: 'statements',
    },
    {
      id: 'home-7',
      text: 'J’ai téléchargé mon RIB en PDF juste après l’ouverture et je l’ai envoyé à mon employeur dans la foulée.',
      author: 'Nadia S.',
      detail: 'Cliente depuis 2025',
      rating: 5,
      sample: true,
      since: 'rib',
    },
    {
      id: 'home-8',
      text: 'Mon salaire est apparu dans mes opérations pendant que j’avais l’application ouverte, avec une petite notification.',
      author: 'Paul V.',
      detail: 'Technicien',
      rating: 4,
      sample: true,
      since: 'liveOperations',
    },
    {
      id: 'home-6',
      text: 'On m’a appelé en se faisant passer pour la banque. La page d’aide m’a confirmé qu’on ne me demanderait jamais de code : j’ai raccroché.',
      author: 'Monique T.',
      detail: 'Cliente depuis 2024',
      rating: 5,
      sample: true,
    },
  ],
  serviceCards: [
    {
      imageUrl: IMAGES.advisor,
      title: 'Un conseiller personnel',
      description:
        'Un conseiller attitré suit votre dossier : son nom, son e-mail et son téléphone sont dans votre espace, avec une messagerie sécurisée.',
      since: 'adviser',
    },
    {
      imageUrl: IMAGES.language,
      title: 'Dans votre langue',
      description: 'Nous vous répondons en français, simplement et sans jargon bancaire.',
    },
    {
      imageUrl: IMAGES.fastReply,
      title: 'Une réponse rapide',
      description:
        'Écrivez-nous par le formulaire de contact ou par e-mail : une personne vous répond, vite.',
    },
  ],
  offer: {
    name: 'Compte Comptoir',
    monthlyPriceCents: 0,
  },
  // The demonstration institution's accounts live under the reserved .example domain (RFC 2606),
  // like its e-mail addresses: a real institution lists its own.
  socialLinks: [
    { network: 'mastodon', label: 'Mastodon', url: 'https://social.comptoir.example/@comptoir' },
    { network: 'peertube', label: 'PeerTube', url: 'https://video.comptoir.example/c/comptoir' },
  ],
};

/** What may be shown: everything in sandbox mode (samples get a label), only real content otherwise. */
/**
 * What a page may show: samples only in sandbox mode, and nothing about a feature that is not there
 * yet (an item's `since`).
 */
export function shown<T extends Sampled & { since?: CapabilityId }>(
  items: readonly T[],
  sandbox: boolean,
): T[] {
  return items.filter(
    (item) => (sandbox || !item.sample) && (item.since === undefined || isAvailable(item.since)),
  );
}

export const isShown = (item: Sampled, sandbox: boolean): boolean => sandbox || !item.sample;

/** « 12 500 » — grouping by hand, so the server and every browser print the same characters. */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/** « 4,7 » — a review score out of 5 (stars), never money: amounts are integer cents (`formatEuros`). */
export const formatRating = (value: number): string => value.toFixed(1).replace('.', ',');
