import type { ListedEntity, ListIndex } from './types.ts';
import { makeToken, prepareName } from './name-tokens.ts';
import type { NamePart, NameRules, NameToken, PreparedName } from './name-parts.ts';
import { deletions } from './one-edit.ts';
import { pairTokens, TYPO_MIN_LONGER } from './token-pairing.ts';
import { isWholeOneWordName, SINGLE_WORD_CAP, type ScoredAlias } from './scoring.ts';
import { KeyedIds } from './keyed-ids.ts';

/**
 * The list prepared for matching. Each alias is read once (its words, their variant keys and
 * consonants) and its words are indexed, so that a subject meets only the aliases sharing a word
 * with it — exactly, as a transliteration, by consonants or with one typo — never a scan of the
 * whole list. The typo index is a deletion neighbourhood (SymSpell): every word of four letters or
 * more is filed under each of its one-letter deletions, and a subject's word is looked up as it
 * is and under its own deletions; two words one edit apart always meet under one of those keys.
 * Two neighbouring words written as one (« Jeanpierre ») are filed too, without typos.
 */

/** A listed alias, read and ready to score. */
export interface PreparedAlias extends ScoredAlias {
  /** Its whole name as listed (or its first, middle and last names when the list gives no whole name). */
  display: string;
  language: string | null;
  /** Its entity's position in the list. */
  entity: number;
}

/** Remembers up to `limit` values, then starts afresh (names come back often, memory stays bounded). */
class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string, make: () => V): V {
    let value = this.map.get(key);
    if (value === undefined) {
      if (this.map.size >= this.limit) this.map.clear();
      value = make();
      this.map.set(key, value);
    }
    return value;
  }
}

const NO_IDS: readonly number[] = [];

/** The aliases read under one set of rules (persons, or companies and other bodies), indexed. */
export class AliasIndex {
  readonly aliases: PreparedAlias[] = [];
  /** Distinct words of the aliases, and the aliases each is in. */
  private readonly forms: NameToken[] = [];
  private readonly joined: boolean[] = [];
  private readonly formAliases: number[][] = [];
  private readonly formIds = new Map<string, number>();
  private readonly byText = new KeyedIds();
  private readonly byKey = new KeyedIds();
  private readonly byDeletion = new KeyedIds();
  /** Consonants of the words written in Arabic or Hebrew script… */
  private readonly byConsonants = new KeyedIds();
  /** …and of every word, for a subject's word written in those scripts (filed when first needed). */
  private byAnyConsonants: KeyedIds | null = null;
  private readonly lookups = new BoundedCache<readonly number[]>(200_000);
  private formStamps = new Int32Array(0);
  private formStamp = 0;
  private hits = new Uint8Array(0);
  private stamps = new Int32Array(0);
  private stamp = 0;

  constructor(readonly rules: NameRules) {}

  add(alias: PreparedAlias): void {
    const id = this.aliases.push(alias) - 1;
    for (const part of alias.name.parts) {
      if (!indexed(part)) continue;
      const postings = this.formAliases[this.formOf(part.token, part.count === 2)] as number[];
      if (postings[postings.length - 1] !== id) postings.push(id);
    }
  }

  /** Sizes the scratch arrays once every alias is in. */
  seal(): void {
    this.hits = new Uint8Array(this.aliases.length);
    this.stamps = new Int32Array(this.aliases.length);
    this.formStamps = new Int32Array(this.forms.length);
  }

  private formOf(token: NameToken, joined: boolean): number {
    const name = `${joined ? '+' : ''}${token.consonantal ? '!' : ''}${token.text}`;
    const known = this.formIds.get(name);
    if (known !== undefined) return known;
    const id = this.forms.push(token) - 1;
    this.joined.push(joined);
    this.formAliases.push([]);
    this.formIds.set(name, id);
    this.byText.add(token.text, id);
    this.byKey.add(token.key, id);
    if (!joined && token.text.length >= TYPO_MIN_LONGER) {
      for (const d of deletions(token.text)) this.byDeletion.add(d, id);
    }
    if (!joined && token.key.length >= TYPO_MIN_LONGER && token.key !== token.text) {
      for (const d of deletions(token.key)) this.byDeletion.add(d, id);
    }
    if (token.consonantal) fileConsonants(this.byConsonants, token, id);
    return id;
  }

  private anyConsonants(): KeyedIds {
    if (this.byAnyConsonants === null) {
      const filed = new KeyedIds();
      this.forms.forEach((token, id) => fileConsonants(filed, token, id));
      this.byAnyConsonants = filed;
    }
    return this.byAnyConsonants;
  }

  /**
   * The forms a subject's part meets (initials aside), through the index: a word as it is, as
   * its key, and (a single word) under its deletions; consonants for scripts of few vowels.
   */
  private formsMet(part: NamePart): readonly number[] {
    const token = part.token;
    const single = part.count === 1;
    this.formStamp = nextStamp(this.formStamp, this.formStamps);
    const found: number[] = [];
    const add = (id: number): void => {
      if (this.formStamps[id] === this.formStamp) return;
      this.formStamps[id] = this.formStamp;
      const pairing = pairTokens(token, this.forms[id] as NameToken, single && !this.joined[id]);
      if (pairing !== null && pairing.how !== 'initial') found.push(id);
    };
    this.byText.each(token.text, add);
    this.byKey.each(token.key, add);
    const consonants = token.consonantal ? this.anyConsonants() : this.byConsonants;
    consonants.each(token.skeleton, add);
    if (token.bareSkeleton !== null) consonants.each(token.bareSkeleton, add);
    if (!single) return found;
    this.byDeletion.each(token.text, add);
    if (token.key !== token.text) this.byDeletion.each(token.key, add);
    const sameKey = token.key === token.text;
    if (token.text.length >= TYPO_MIN_LONGER) {
      for (const d of deletions(token.text)) {
        this.byText.each(d, add);
        if (sameKey) this.byKey.each(d, add);
        this.byDeletion.each(d, add);
      }
    }
    if (token.key.length >= TYPO_MIN_LONGER && !sameKey) {
      for (const d of deletions(token.key)) {
        this.byKey.each(d, add);
        this.byDeletion.each(d, add);
      }
    }
    return found;
  }

  /** Single words come back often (first names above all): their lookups are remembered. */
  private partMeets(part: NamePart): readonly number[] {
    if (part.count === 2) return this.formsMet(part);
    const token = part.token;
    const found = this.lookups.get(token.consonantal ? `!${token.text}` : token.text, () =>
      this.formsMet(part),
    );
    return found.length === 0 ? NO_IDS : found;
  }

  /**
   * The aliases worth scoring for this subject: those sharing a word with it. When the threshold
   * is above the single-word cap, an alias met by one part only is left out unless an initial,
   * or a one-word name on both sides, could still lift it (scoring.ts): it could not reach the
   * threshold.
   */
  candidates(subject: PreparedName, threshold: number): number[] {
    const touched: number[] = [];
    for (const part of subject.parts) {
      if (!indexed(part)) continue;
      this.stamp = nextStamp(this.stamp, this.stamps);
      for (const form of this.partMeets(part)) {
        for (const alias of this.formAliases[form] as number[]) {
          if (this.stamps[alias] === this.stamp) continue;
          this.stamps[alias] = this.stamp;
          const hits = this.hits[alias] as number;
          if (hits === 0) touched.push(alias);
          if (hits < 255) this.hits[alias] = hits + 1;
        }
      }
    }
    const pruning = this.rules === 'person' && threshold > SINGLE_WORD_CAP && !subject.hasInitial;
    const kept: number[] = [];
    for (const id of touched) {
      const single = (this.hits[id] as number) < 2;
      this.hits[id] = 0;
      const alias = this.aliases[id] as PreparedAlias;
      if (pruning && single && !alias.name.hasInitial && !isWholeOneWordName(subject, alias)) continue;
      kept.push(id);
    }
    return kept;
  }
}

/** The next stamp of a scratch array; past a billion, the array is cleared and stamps start again. */
function nextStamp(stamp: number, stamps: Int32Array): number {
  if (stamp < 1_000_000_000) return stamp + 1;
  stamps.fill(0);
  return 1;
}

/** Files a word under its consonants (and those without a leading article), two or more. */
function fileConsonants(filed: KeyedIds, token: NameToken, id: number): void {
  for (const skeleton of [token.skeleton, token.bareSkeleton]) {
    if (skeleton !== null && skeleton.length >= 2) filed.add(skeleton, id);
  }
}

/** Parts the index files and looks up: full words (not particles) of two letters or more. */
const indexed = (part: NamePart): boolean => part.significant && part.token.text.length >= 2;

/** The prepared list: its entities, and their aliases indexed for persons and for companies. */
export class PreparedList implements ListIndex {
  readonly persons = new AliasIndex('person');
  readonly companies = new AliasIndex('company');
  private readonly tokens = new Map<string, Map<string, NameToken>>();

  constructor(readonly entities: readonly ListedEntity[]) {}

  get entityCount(): number {
    return this.entities.length;
  }

  /** Tokens are made once per word (and kind), then shared: names come back often. */
  readonly makeToken = (text: string, consonantal: boolean, weight: number): NameToken => {
    const kind = `${consonantal ? '!' : ''}${weight}`;
    let tokens = this.tokens.get(kind);
    if (tokens === undefined) this.tokens.set(kind, (tokens = new Map<string, NameToken>()));
    let token = tokens.get(text);
    if (token === undefined) {
      if (tokens.size >= 200_000) tokens.clear();
      token = makeToken(text, consonantal, weight);
      tokens.set(text, token);
    }
    return token;
  };
}

/** An alias's name: its whole name, else its first, middle and last names. */
const aliasName = (alias: ListedEntity['aliases'][number]): string =>
  alias.wholeName.trim() ||
  [alias.firstName, alias.middleName, alias.lastName]
    .filter((n): n is string => !!n && n.trim() !== '')
    .join(' ');

/** Prepares a list version for matching: once per version, then any number of subjects. */
export function buildListIndex(entities: ListedEntity[]): ListIndex {
  const list = new PreparedList(entities);
  entities.forEach((entity, position) => {
    const rules: NameRules = entity.subjectType === 'person' ? 'person' : 'company';
    const target = rules === 'person' ? list.persons : list.companies;
    const seen = new Set<string>();
    for (const alias of entity.aliases) {
      const display = aliasName(alias);
      const once = `${alias.strong ? '+' : '-'}${display}`;
      if (display === '' || seen.has(once)) continue;
      seen.add(once);
      const name = prepareName(display, rules, list.makeToken);
      if (name.tokens.length === 0) continue;
      target.add({ entity: position, display, strong: alias.strong, language: alias.language, name });
    }
  });
  list.persons.seal();
  list.companies.seal();
  return list;
}
