/**
 * Verification of Payee: how close the name a customer typed is to the account holder's name.
 *
 * Both names are normalised the same way — case, accents and other diacritics, punctuation,
 * hyphens and apostrophes, repeated spaces — and compared as sets of words, so word order does not
 * matter (« Dupont Jean » is « Jean Dupont »).
 *
 * - `match`: the same words.
 * - `close_match`: every word of the shorter name stands for a distinct word of the longer one,
 *   exactly, as an initial (« J. Dupont »), or with one small typo (one insertion, deletion,
 *   substitution or swap of neighbours in a word of 5 letters or more), and at most one word of the
 *   longer name is left over (a missing middle name); the surname-like long words must be there.
 * - `no_match`: anything else.
 *
 * The relation is symmetric: which side is « typed » and which is « holder » does not change it.
 */
export type PayeeNameMatch = 'match' | 'close_match' | 'no_match';

/** Words of a name in comparable form: lower case, no diacritics, letters and digits only. */
export function payeeNameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœø]/g, (c) => ({ ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o' })[c] ?? c)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), capped at 2. */
export function nameTypoDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 1) return 2;
  const prev2: number[] = new Array<number>(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      }
      row.push(d);
    }
    prev2.splice(0, prev2.length, ...prev);
    prev = row;
  }
  return Math.min(prev[b.length] ?? 2, 2);
}

/** A typo is tolerated only in words long enough for one letter not to make another name. */
const TYPO_MIN_LENGTH = 5;

/** Beyond this many words, only an exact match is recognised (the pairing search stays small). */
const MAX_WORDS = 8;

type Pairing = 'exact' | 'initial' | 'typo';

function pairing(a: string, b: string): Pairing | null {
  if (a === b) return 'exact';
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return 'initial';
  if (Math.min(a.length, b.length) >= TYPO_MIN_LENGTH && nameTypoDistance(a, b) <= 1) return 'typo';
  return null;
}

const sorted = (words: string[]): string[] => [...words].sort();

/**
 * Can every word of `short` be paired with a distinct word of `long`? Names have a handful of
 * words, so a depth-first search over the pairings is enough: the pairings are computed once, and
 * equal words of `short` (sorted, so side by side) take partners in increasing order, which spares
 * trying their permutations. At least one pair must join two full words (exactly or with a typo):
 * initials alone never make a name.
 */
function pairs(short: string[], long: string[]): boolean {
  const options = short.map((word) =>
    long.flatMap((other, j) => {
      const kind = pairing(word, other);
      if (!kind) return [];
      return [{ j, full: kind !== 'initial' && word.length > 1 && other.length > 1 }];
    }),
  );
  const used = new Array<boolean>(long.length).fill(false);
  const chosen = new Array<number>(short.length).fill(-1);
  const visit = (i: number, fullPaired: boolean): boolean => {
    if (i === short.length) return fullPaired;
    const after = i > 0 && short[i] === short[i - 1] ? (chosen[i - 1] ?? -1) : -1;
    for (const { j, full } of options[i] ?? []) {
      if (used[j] || j <= after) continue;
      used[j] = true;
      chosen[i] = j;
      if (visit(i + 1, fullPaired || full)) return true;
      used[j] = false;
    }
    return false;
  };
  return visit(0, false);
}

/** Compares a typed payee name with the holder's name (see the module comment). */
export function matchPayeeName(typed: string, holder: string): PayeeNameMatch {
  const a = sorted(payeeNameWords(typed));
  const b = sorted(payeeNameWords(holder));
  if (a.length === 0 || b.length === 0) return 'no_match';
  if (a.join(' ') === b.join(' ')) return 'match';
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  // At most one word left over (a middle name), and a lone word never stands for a full name.
  if (long.length - short.length > 1 || short.length < Math.min(2, long.length)) return 'no_match';
  // A real name has a handful of words; beyond that only the exact comparison above counts.
  if (long.length > MAX_WORDS) return 'no_match';
  return pairs(short, long) ? 'close_match' : 'no_match';
}
