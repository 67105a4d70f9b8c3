/** The shapes of a name read for matching (name-tokens.ts reads them). */

/**
 * How a name is read: a person's name word by word, particles light; a company's (an enterprise
 * or another listed body) as the set of its words, legal forms left out.
 */
export type NameRules = 'person' | 'company';

/** A word of a name with the forms it is compared by. */
export interface NameToken {
  /** The normalised word (lower-case ASCII). */
  text: string;
  /** Its variant key (variant-key.ts): equal keys are transliterations of each other. */
  key: string;
  /** Its consonants, for comparing with words of a script that writes few vowels. */
  skeleton: string;
  /** For such a word: its consonants without a leading article (ال, « l »), else null. */
  bareSkeleton: string | null;
  /** Written in Arabic or Hebrew script. */
  consonantal: boolean;
  /** 1 for a full word; less for a particle, a joining word or a word many companies share. */
  weight: number;
}

/**
 * A name's parts: each word, then each pair of neighbouring words written as one (« Jean-Pierre »
 * and « Jeanpierre », « Abdul Rahman » and « Abdulrahman », « al Hassan » and « Alhassan »).
 */
export interface NamePart {
  token: NameToken;
  /** The first word of the name it stands for, and how many (1, or 2 for a pair). */
  first: number;
  count: 1 | 2;
  /** The weight of the words it stands for. */
  weight: number;
  /** It stands for at least one full word (not only particles or joining words). */
  significant: boolean;
}

export interface PreparedName {
  rules: NameRules;
  tokens: NameToken[];
  parts: NamePart[];
  totalWeight: number;
  /** How many full words. */
  significantCount: number;
  /** Whether a word is a lone letter (an initial). */
  hasInitial: boolean;
}
