// Error codes thrown here: sanctions_list_invalid, sanctions_list_too_large.
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MAX_SANCTIONS_LIST_BYTES, type SanctionsListProblem } from '@comptoir/contracts';
import { canonicalJson } from '../../audit/canonical-json.ts';
import { AppError } from '../../errors.ts';
import type { ListedAlias, ListedBirthDate, ListedRegulation, ParsedEntry } from './entry.ts';

/** The namespace of the EU's consolidated financial sanctions list (FSD export, xmlFullSanctionsList_1_1). */
export const EU_LIST_NAMESPACE = 'http://eu.europa.ec/fpi/fsd/export';

/** A listed entity and the SHA-256 of its canonical JSON: what "changed" compares between versions. */
export interface HashedEntry {
  entry: ParsedEntry;
  contentSha256: string;
}

export interface ParsedList {
  /** SHA-256 of the file as given (hex). */
  sha256: string;
  /** The file's `generationDate`, when it gives a readable one. */
  generatedAt: Date | null;
  entries: HashedEntry[];
}

/**
 * The elements that may repeat, always read as arrays even when the file has one of them. By name
 * only (cheaper than by path): the same names deeper down (an identification's remark) become
 * arrays too, which `children` reads alike.
 */
const REPEATED = new Set([
  'sanctionEntity',
  'remark',
  'regulation',
  'publicationUrl',
  'subjectType',
  'nameAlias',
  'birthdate',
  'citizenship',
  'identification',
  'address',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  jPath: false,
  isArray: (name) => REPEATED.has(name),
});

/** The refusal of a file; its problem rides along in `extra` too (the reader thread sends it back whole). */
const refuse = (p: SanctionsListProblem): AppError => new AppError('sanctions_list_invalid', p, { ...p });

type XmlNode = Record<string, unknown>;

const isNode = (value: unknown): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An attribute's value, trimmed; null when absent or empty (the list writes `""` for what it leaves out). */
function attr(node: XmlNode, name: string): string | null {
  const value = node[`@_${name}`];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The child elements `name` of a node (read as arrays, see REPEATED); a bare text child becomes `{ '#text' }`. */
function children(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  const list: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((child) => (isNode(child) ? child : { '#text': typeof child === 'string' ? child : '' }));
}

function textOf(node: XmlNode): string | null {
  const value = node['#text'];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** An ISO 3166 alpha-2 code, upper case; null for none or the list's `00` (unknown). */
function country(node: XmlNode): string | null {
  const code = (attr(node, 'countryIso2Code') ?? attr(node, 'countryIsoAlpha2Code'))?.toUpperCase() ?? null;
  return code !== null && /^[A-Z]{2}$/.test(code) ? code : null;
}

const intIn = (text: string | null, min: number, max: number): number | null => {
  if (text === null || !/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

/** A year range no longer than this is read as each of its years; a wider one says nothing useful. */
const MAX_YEAR_RANGE = 20;

function birthDatesOf(entity: XmlNode): ListedBirthDate[] {
  const dates: ListedBirthDate[] = [];
  for (const b of children(entity, 'birthdate')) {
    const circa = attr(b, 'circa') === 'true';
    const full = /^(\d{4})-(\d{2})-(\d{2})$/.exec(attr(b, 'birthdate') ?? '');
    if (full) {
      dates.push({ year: Number(full[1]), month: Number(full[2]), day: Number(full[3]), circa });
      continue;
    }
    const year = intIn(attr(b, 'year'), 1000, 9999);
    if (year !== null) {
      const month = intIn(attr(b, 'monthOfYear'), 1, 12);
      const day = month === null ? null : intIn(attr(b, 'dayOfMonth'), 1, 31);
      dates.push({ year, month, day, circa });
      continue;
    }
    const from = intIn(attr(b, 'yearRangeFrom'), 1000, 9999);
    const to = intIn(attr(b, 'yearRangeTo'), 1000, 9999);
    if (from !== null && to !== null && to >= from && to - from <= MAX_YEAR_RANGE) {
      for (let y = from; y <= to; y++) dates.push({ year: y, month: null, day: null, circa });
    }
  }
  const seen = new Set<string>();
  return dates.filter((d) => {
    const key = `${d.year}-${d.month}-${d.day}-${d.circa}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function aliasesOf(entity: XmlNode): ListedAlias[] {
  const aliases: ListedAlias[] = [];
  for (const a of children(entity, 'nameAlias')) {
    const firstName = attr(a, 'firstName');
    const middleName = attr(a, 'middleName');
    const lastName = attr(a, 'lastName');
    const wholeName =
      attr(a, 'wholeName') ?? ([firstName, middleName, lastName].filter((n) => n !== null).join(' ') || null);
    if (wholeName === null) continue;
    aliases.push({
      wholeName,
      firstName,
      middleName,
      lastName,
      strong: attr(a, 'strong') !== 'false',
      language: attr(a, 'nameLanguage')?.toUpperCase() ?? null,
    });
  }
  return aliases;
}

function regulationsOf(entity: XmlNode): ListedRegulation[] {
  return children(entity, 'regulation')
    .map((r) => ({
      programme: attr(r, 'programme'),
      numberTitle: attr(r, 'numberTitle'),
      publicationDate: attr(r, 'publicationDate'),
      publicationUrl:
        children(r, 'publicationUrl')
          .map(textOf)
          .find((url) => url !== null) ??
        attr(r, 'publicationUrl') ??
        null,
    }))
    .filter((r) => r.programme !== null || r.numberTitle !== null || r.publicationUrl !== null);
}

const SUBJECT_TYPES = new Set(['person', 'enterprise']);

/** One `sanctionEntity` → a ParsedEntry; `position` (1-based) names it in a refusal. */
function entryOf(entity: XmlNode, position: number): ParsedEntry {
  const id = attr(entity, 'logicalId');
  if (id === null || !/^\d{1,15}$/.test(id) || Number(id) === 0) {
    throw refuse({ problem: 'no_logical_id', position });
  }
  const logicalId = Number(id);
  const aliases = aliasesOf(entity);
  if (aliases.length === 0) throw refuse({ problem: 'no_name', logicalId });
  const code = children(entity, 'subjectType')
    .map((s) => attr(s, 'code'))
    .find((c) => c !== null);
  const citizenships = [
    ...new Set(
      children(entity, 'citizenship')
        .map(country)
        .filter((c) => c !== null),
    ),
  ];
  const remarks = children(entity, 'remark')
    .map(textOf)
    .filter((r) => r !== null);
  return {
    logicalId,
    euReferenceNumber: attr(entity, 'euReferenceNumber'),
    subjectType: code !== undefined && SUBJECT_TYPES.has(code) ? (code as 'person' | 'enterprise') : 'other',
    regulations: regulationsOf(entity),
    aliases,
    birthDates: birthDatesOf(entity),
    citizenships,
    identifications: children(entity, 'identification').flatMap((i) => {
      const number = attr(i, 'number') ?? attr(i, 'latinNumber');
      return number === null
        ? []
        : [{ type: attr(i, 'identificationTypeCode') ?? 'other', number, country: country(i) }];
    }),
    addresses: children(entity, 'address').flatMap((a) => {
      const address = { street: attr(a, 'street'), city: attr(a, 'city'), country: country(a) };
      return address.street === null && address.city === null && address.country === null ? [] : [address];
    }),
    remark: remarks.length > 0 ? remarks.join('\n') : null,
  };
}

export const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** The SHA-256 of an entry's canonical JSON (keys sorted): the same content gives the same hash. */
export const entryContentSha256 = (entry: ParsedEntry): string => sha256Hex(canonicalJson(entry));

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse({ problem: 'not_utf8' });
  }
}

/**
 * Reads the EU consolidated financial sanctions list (its XML export: root `export` in namespace
 * EU_LIST_NAMESPACE, one `sanctionEntity` per listed person or entity). All or nothing: a file that
 * is too large, not UTF-8, malformed or cut short, of another format, without any entity, with an
 * entity lacking its identifier or any name, or naming one identifier twice is refused whole with
 * `sanctions_list_invalid` (its French detail says what is wrong) — no partial list is ever
 * returned. Pure: no database, no clock.
 */
export function parseSanctionsList(bytes: Buffer): ParsedList {
  if (bytes.length > MAX_SANCTIONS_LIST_BYTES) throw new AppError('sanctions_list_too_large');
  if (bytes.length === 0) throw refuse({ problem: 'empty' });
  const text = decode(bytes);
  // The list never has one; refusing it keeps entity declarations (and their expansions) out.
  if (/<!DOCTYPE/i.test(text)) throw refuse({ problem: 'doctype' });
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw refuse({ problem: 'malformed', line: valid.err.line });
  const document: unknown = parser.parse(text);
  const root = isNode(document) ? document.export : undefined;
  const roots = isNode(document) ? Object.keys(document) : [];
  if (!isNode(root) || roots.length !== 1 || attr(root, 'xmlns') !== EU_LIST_NAMESPACE) {
    throw refuse({ problem: 'not_eu_list' });
  }
  const entities = children(root, 'sanctionEntity');
  if (entities.length === 0) throw refuse({ problem: 'no_entity' });
  const seen = new Set<number>();
  const entries = entities.map((entity, i) => {
    const entry = entryOf(entity, i + 1);
    if (seen.has(entry.logicalId)) {
      throw refuse({ problem: 'duplicate_id', logicalId: entry.logicalId });
    }
    seen.add(entry.logicalId);
    return { entry, contentSha256: entryContentSha256(entry) };
  });
  const generation = attr(root, 'generationDate');
  const generatedAt = generation === null ? null : new Date(generation);
  return {
    sha256: sha256Hex(bytes),
    generatedAt: generatedAt !== null && Number.isFinite(generatedAt.getTime()) ? generatedAt : null,
    entries,
  };
}
