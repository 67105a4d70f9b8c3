/**
 * One-letter differences between two words (Damerau distance 1): a letter replaced, added or
 * left out (`typo`), or two neighbouring letters swapped (`transposition`). Linear, no table: the
 * words are walked from both ends to their first difference.
 */
export type OneEdit = 'typo' | 'transposition';

/** The one edit that turns `a` into `b`, or null when they are equal or further apart. */
export function oneEdit(a: string, b: string): OneEdit | null {
  const la = a.length;
  const lb = b.length;
  if (la === lb) {
    let start = 0;
    while (start < la && a.charCodeAt(start) === b.charCodeAt(start)) start++;
    if (start === la) return null;
    let end = la - 1;
    while (end > start && a.charCodeAt(end) === b.charCodeAt(end)) end--;
    if (end === start) return 'typo';
    if (end === start + 1 && a[start] === b[end] && a[end] === b[start]) return 'transposition';
    return null;
  }
  if (la - lb !== 1 && lb - la !== 1) return null;
  const [short, long] = la < lb ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  for (let k = i; k < short.length; k++) {
    if (short.charCodeAt(k) !== long.charCodeAt(k + 1)) return null;
  }
  return 'typo';
}

/**
 * The word with one letter left out, each way (without repeats). Two words one edit apart share
 * the one, or one is the other with a letter left out: the typo index's keys (SymSpell).
 */
export function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) {
    // Leaving out either of two equal neighbours gives the same word: keep it once.
    if (i > 0 && word[i] === word[i - 1]) continue;
    out.push(word.slice(0, i) + word.slice(i + 1));
  }
  return out;
}
