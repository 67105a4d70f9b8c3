/**
 * Words that say little about who is named. In a person's name, particles (« bin », « al »,
 * « van », « de »…) weigh a quarter of a word. In a company's name, legal forms (LLC, SA, SARL,
 * GmbH, OOO, Ltd…) are left out; joining words (« of », « and »…) weigh a quarter; words many
 * companies share (« trading », « group »…) weigh half.
 */

const PARTICLES = new Set([
  'al', 'el', 'ul', 'bin', 'ben', 'ibn', 'bint', 'binti', 'abu', 'abou', 'umm', 'ould',
  'van', 'von', 'der', 'den', 'ter', 'de', 'di', 'da', 'del', 'della', 'dos', 'das', 'do', 'du',
  'la', 'le', 'y', 'e', 'mac', 'st',
]); // prettier-ignore

const LEGAL_FORMS = new Set([
  'llc', 'ltd', 'limited', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'plc',
  'llp', 'lp', 'sa', 'sas', 'sasu', 'sarl', 'eurl', 'sci', 'snc', 'scs', 'gmbh', 'ag', 'kg', 'ohg',
  'ug', 'bv', 'nv', 'spa', 'srl', 'sl', 'sro', 'as', 'ab', 'oy', 'oyj', 'aps', 'ooo', 'oao',
  'zao', 'pao', 'ao', 'tov', 'jsc', 'ojsc', 'cjsc', 'pjsc', 'fze', 'fzco', 'fzc', 'fzllc',
  'sal', 'wll', 'pte', 'pty', 'bhd', 'sdn', 'ltda', 'cia', 'sae', 'kft', 'zrt', 'doo', 'ad',
  'ead', 'ood', 'sp', 'zoo', 'est', 'establishment', 'ou', 'ae', 'epe', 'ike', 'oe',
]); // prettier-ignore

/** Legal forms written in several words, left out as a whole (and only as a whole). */
const LEGAL_PHRASES: readonly (readonly string[])[] = [
  ['public', 'joint', 'stock', 'company'],
  ['closed', 'joint', 'stock', 'company'],
  ['open', 'joint', 'stock', 'company'],
  ['joint', 'stock', 'company'],
  ['limited', 'liability', 'company'],
  ['limited', 'liability', 'partnership'],
  ['societe', 'anonyme'],
  ['societe', 'a', 'responsabilite', 'limitee'],
  ['societe', 'par', 'actions', 'simplifiee'],
  ['obshchestvo', 's', 'ogranichennoi', 'otvetstvennostiu'],
  ['obshchestvo', 's', 'ogranichennoy', 'otvetstvennostyu'],
];

const JOINING = new Set([
  'and', 'of', 'the', 'for', 'et', 'de', 'du', 'des', 'la', 'le', 'les', 'und', 'der', 'die',
  'das', 'y', 'i', 'e',
]); // prettier-ignore

const SHARED = new Set([
  'trading', 'trade', 'group', 'holding', 'holdings', 'international', 'industries', 'industry',
  'services', 'service', 'enterprise', 'enterprises', 'general', 'import', 'export', 'investment',
  'investments', 'global', 'national', 'commercial', 'partners', 'management', 'bank',
]); // prettier-ignore

export const PARTICLE_WEIGHT = 0.25;
export const JOINING_WEIGHT = 0.25;
export const SHARED_WEIGHT = 0.5;

/** The weight of a word in a person's name. */
export const personWordWeight = (word: string): number => (PARTICLES.has(word) ? PARTICLE_WEIGHT : 1);

/** The weight of a word in a company's name (legal forms already left out). */
export function companyWordWeight(word: string): number {
  if (JOINING.has(word)) return JOINING_WEIGHT;
  if (SHARED.has(word)) return SHARED_WEIGHT;
  return 1;
}

/**
 * A company's words without their legal forms. A name made of nothing else (« Société anonyme »)
 * keeps its words: there is nothing else to compare.
 */
export function withoutLegalForms<W extends { text: string }>(words: readonly W[]): W[] {
  const kept: W[] = [];
  let i = 0;
  while (i < words.length) {
    const phrase = LEGAL_PHRASES.find((p) => p.every((w, k) => words[i + k]?.text === w));
    if (phrase) {
      i += phrase.length;
      continue;
    }
    const word = words[i] as W;
    if (!LEGAL_FORMS.has(word.text)) kept.push(word);
    i += 1;
  }
  return kept.length > 0 ? kept : [...words];
}
