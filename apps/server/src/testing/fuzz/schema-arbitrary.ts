// JSON Schema (as found in /api/openapi.json) → fast-check arbitraries, for the route fuzz test.
// Covers what zod emits for our contracts: $ref, const, enum, anyOf/oneOf/allOf, type lists,
// strings (length, pattern, date-time), integers (bounds), booleans, null, objects and arrays.
import fc from 'fast-check';

export type JsonSchema = { readonly [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Resolves `#/components/schemas/…` references against the OpenAPI document. */
export function refResolver(doc: JsonSchema): (schema: JsonSchema) => JsonSchema {
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    let node: unknown = doc;
    for (const part of ref.replace(/^#\//, '').split('/')) node = isSchema(node) ? node[part] : undefined;
    if (!isSchema(node)) throw new Error(`unresolved $ref ${ref}`);
    return resolve(node);
  };
  return resolve;
}

/** Values known to the test (ids, IBANs, e-mails…) offered for fields and params of that name. */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

const ALPHABETS = [
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('Camille', 'Zoë Ørsted-Łukasz', '名前', 'مرحبا', '👩🏽‍💻 ok', "O'Brien"),
];

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength) ?? 10_000;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  const base = fc.oneof(...ALPHABETS);
  return base.map((s) => (s.length < min ? s.padEnd(min, 'x') : s.slice(0, Math.min(max, 200))));
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  const min = Math.max(num(schema.minimum) ?? (exclusiveMin === undefined ? -1e9 : exclusiveMin + 1), -1e15);
  const max = Math.min(num(schema.maximum) ?? (exclusiveMax === undefined ? 1e9 : exclusiveMax - 1), 1e15);
  return fc.integer({ min, max });
}

/** Values the schema accepts (nearly: zod refinements are not in JSON Schema). */
export function validValue(
  schema: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  hints: Hints,
  name = '',
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const known = hints[name];
  const own = ownValue(s, resolve, hints);
  return known && known.length > 0 ? fc.oneof(own, fc.constantFrom(...known)) : own;
}

function ownValue(
  s: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  hints: Hints,
): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  const union = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : []).filter(isSchema);
  if (union.length > 0) return fc.oneof(...union.map((member) => validValue(member, resolve, hints)));
  if (Array.isArray(s.allOf)) {
    const merged = s.allOf
      .filter(isSchema)
      .reduce<JsonSchema>((acc, part) => ({ ...acc, ...resolve(part) }), {});
    const { allOf: _allOf, ...rest } = s;
    return ownValue({ ...merged, ...rest }, resolve, hints);
  }
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t): t is string => typeof t === 'string');
    return fc.oneof(...types.map((type) => ownValue({ ...s, type }, resolve, hints)));
  }
  switch (s.type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = isSchema(s.items) ? validValue(s.items, resolve, hints) : fc.string();
      const minLength = num(s.minItems) ?? 0;
      return fc.array(items, {
        minLength,
        maxLength: Math.max(minLength, Math.min(num(s.maxItems) ?? 4, 4)),
      });
    }
    case 'object':
      return objectArbitrary(s, resolve, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(
  s: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  hints: Hints,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = isSchema(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required)
    ? s.required.filter((k): k is string => typeof k === 'string')
    : [];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (isSchema(value)) model[key] = validValue(value, resolve, hints, key);
  }
  return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
}

/** The names of an object schema's properties (after $ref), for field-by-field mutations. */
export function propertyNames(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): string[] {
  const s = resolve(schema);
  return isSchema(s.properties) ? Object.keys(s.properties) : [];
}

/** What a careless or hostile client puts where a value is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1.5,
    -0.0001,
    2 ** 53,
    -(2 ** 53),
    1e21,
    Number.MAX_VALUE,
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\ud800',
    '\u202eevil',
    '9'.repeat(19),
    '-9'.repeat(10),
    '1e2',
    '100.0',
    "'; select pg_sleep(1); --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(5_000),
    'é'.repeat(70_000),
    [],
    [null],
    {},
    { $gt: '' },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const cursor = (text: string) => Buffer.from(text).toString('base64url');
/** Cursors shaped like ours with numbers out of range (19 and more digits). */
const CURSORS = [
  cursor(`e:${'9'.repeat(19)}`),
  cursor(`a:${'9'.repeat(19)}`),
  cursor(`c:${'9'.repeat(19)}`),
  cursor(`c:3:${'9'.repeat(19)}:${ZERO_UUID}`),
  cursor(`c:0:-${'9'.repeat(19)}:${ZERO_UUID}`),
  cursor(`c:1:${'0'.repeat(19)}:${ZERO_UUID}`),
];

/** Values out of the range of the numbers they carry (cursors, ids). */
export const OUT_OF_RANGE_TEXTS = [...CURSORS, '9'.repeat(19), `-${'9'.repeat(19)}`];

/** Printable strings for query, path and header values (a header cannot carry control characters). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...CURSORS) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      'a\u0000b',
      '\u0000',
      '9'.repeat(19),
      '9'.repeat(40),
      '-1',
      '0',
      '1.5',
      '1e2',
      'x'.repeat(300),
      '%',
      "'",
      '🙂',
      '\ud800',
      'true',
      'null',
      ZERO_UUID,
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);
