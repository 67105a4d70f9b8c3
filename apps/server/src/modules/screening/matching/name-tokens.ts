import { nameWords, type NameWord } from './normalise.ts';
import { consonantSkeleton, variantKey } from './variant-key.ts';
import { companyWordWeight, personWordWeight, withoutLegalForms } from './word-classes.ts';
import type { NamePart, NameRules, NameToken, PreparedName } from './name-parts.ts';

/** Words below this weight are not looked up in the index (they say too little alone). */
export const INDEXED_WEIGHT = 0.5;

export function makeToken(text: string, consonantal: boolean, weight: number): NameToken {
  const skeleton = consonantSkeleton(text);
  const bareSkeleton =
    consonantal && skeleton.length >= 4 && skeleton.startsWith('l') ? skeleton.slice(1) : null;
  return { text, key: variantKey(text), skeleton, bareSkeleton, consonantal, weight };
}

/** A token maker: a cache of the tokens already made, for names that come back again and again. */
export type TokenMaker = (text: string, consonantal: boolean, weight: number) => NameToken;

function wordsOf(name: string, rules: NameRules): NameWord[] {
  if (rules === 'person') return nameWords(name);
  return withoutLegalForms(nameWords(name, { joinDots: true }));
}

/** A name read under `rules`, with its parts. */
export function prepareName(name: string, rules: NameRules, make: TokenMaker = makeToken): PreparedName {
  const words = wordsOf(name, rules);
  const weigh = rules === 'person' ? personWordWeight : companyWordWeight;
  // A name made of nothing but light words (« Bin », « The Group ») is compared on those words.
  const light = words.every((w) => weigh(w.text) < INDEXED_WEIGHT);
  const tokens = words.map((w) => make(w.text, w.consonantal, light ? 1 : weigh(w.text)));
  const parts: NamePart[] = tokens.map((token, first) => ({
    token,
    first,
    count: 1,
    weight: token.weight,
    significant: token.weight >= INDEXED_WEIGHT,
  }));
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i] as NameToken;
    const b = tokens[i + 1] as NameToken;
    if (a.text.length < 2 || b.text.length < 2) continue;
    parts.push({
      token: make(a.text + b.text, a.consonantal || b.consonantal, 1),
      first: i,
      count: 2,
      weight: a.weight + b.weight,
      significant: a.weight >= INDEXED_WEIGHT || b.weight >= INDEXED_WEIGHT,
    });
  }
  return {
    rules,
    tokens,
    parts,
    totalWeight: tokens.reduce((sum, t) => sum + t.weight, 0),
    significantCount: tokens.filter((t) => t.weight >= INDEXED_WEIGHT).length,
    hasInitial: tokens.some((t) => t.text.length === 1),
  };
}
