// Generated requests for one OpenAPI operation: valid ones from its schemas, and invalid ones
// (wrong types, missing or extra fields, NUL, huge strings, floats for integers, bad JSON, bad
// content types, odd headers). The identity (cookies) is added by the caller.
import fc from 'fast-check';
import {
  hostileText,
  hostileValue,
  propertyNames,
  validValue,
  type Hints,
  type JsonSchema,
} from './schema-arbitrary.ts';

export interface FuzzOperation {
  method: string;
  path: string;
  spec: JsonSchema;
}

export interface FuzzRequest {
  /** Which kind of case this is, for the failure report. */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface RequestOptions {
  resolve: (s: JsonSchema) => JsonSchema;
  hints: Hints;
  /** Bodies for operations whose body is not JSON (the multipart upload). */
  rawBodies?: fc.Arbitrary<{ payload: Buffer; contentType: string }>;
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: JsonSchema;
}

const asRecord = (value: unknown): JsonSchema =>
  typeof value === 'object' && value !== null ? (value as JsonSchema) : {};

function parametersOf(op: FuzzOperation): Parameter[] {
  const list = Array.isArray(op.spec.parameters) ? op.spec.parameters : [];
  return list.map((p) => {
    const r = asRecord(p);
    return {
      name: String(r.name),
      in: String(r.in),
      required: r.required === true,
      schema: asRecord(r.schema),
    };
  });
}

function jsonBodySchema(op: FuzzOperation): JsonSchema | null {
  const content = asRecord(asRecord(op.spec.requestBody).content);
  const json = content['application/json'];
  return json === undefined ? null : asRecord(asRecord(json).schema);
}

/** A NUL character in the middle of a text (PostgreSQL text cannot hold one). */
const withNul = (text: string) => `${text.slice(0, 1)}\u0000${text.slice(1)}`;

const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
/** Lone surrogates cannot be percent-encoded: a browser sends U+FFFD instead. */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Path segments sent as they are: malformed percent-encoding, encoded NUL and slashes. */
const RAW_SEGMENTS = ['%', '%zz', '%C0%AF', '%E0%A4%A', '%00', '..%2F..%2F', '%2e%2e', 'x'.repeat(120)];

function pathArbitrary(op: FuzzOperation, params: Parameter[], o: RequestOptions) {
  const pathParams = params.filter((p) => p.in === 'path');
  const values = pathParams.map((p) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: validValue(p.schema, o.resolve, o.hints, p.name).map((v) => encode(asText(v))),
      },
      { weight: 1, arbitrary: hostileText.map(encode) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    ),
  );
  return fc
    .tuple(...values)
    .map((chosen) =>
      pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, chosen[i] ?? ''), op.path),
    );
}

function queryArbitrary(params: Parameter[], o: RequestOptions): fc.Arbitrary<string> {
  const query = params.filter((p) => p.in === 'query');
  if (query.length === 0) {
    return fc.oneof(
      { weight: 5, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: hostileText.map((v) => `?x=${encode(v)}`) },
    );
  }
  const model = Object.fromEntries(
    query.map((p) => [p.name, validValue(p.schema, o.resolve, o.hints, p.name).map(asText)]),
  );
  const valid = fc.record(model, { requiredKeys: query.filter((p) => p.required).map((p) => p.name) });
  const names = query.map((p) => p.name);
  const mutated = fc
    .tuple(
      valid,
      fc.constantFrom(...names),
      hostileText,
      fc.constantFrom('replace', 'nul', 'repeat', 'unknown'),
    )
    .map(([values, name, bad, how]) => {
      const search = new URLSearchParams(values);
      if (how === 'replace') search.set(name, bad);
      else if (how === 'nul') search.set(name, withNul(values[name] ?? ''));
      else if (how === 'repeat') search.append(name, bad);
      else search.set(`${name}[]`, bad);
      return search;
    });
  return fc
    .oneof(
      { weight: 3, arbitrary: valid.map((v) => new URLSearchParams(v)) },
      { weight: 2, arbitrary: mutated },
    )
    .map((search) => (search.size > 0 ? `?${search.toString()}` : ''));
}

/** Valid JSON text with every integer written as a float or an exponent (`100.0`, `1e2`). */
const floatIntegers = (json: string, style: 'fraction' | 'exponent') =>
  json.replace(/(:\s*|\[\s*|,\s*)(-?\d+)(?=\s*[,}\]])/g, (_m, lead: string, digits: string) =>
    style === 'fraction' ? `${lead}${digits}.0` : `${lead}${digits}e0`,
  );

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"big":"${'a'.repeat(1_100_000)}"}`,
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=latin1',
  'application/xml',
  'application/json, text/plain',
];

function jsonBodyArbitrary(
  schema: JsonSchema,
  o: RequestOptions,
): fc.Arbitrary<{ kind: string; text: string }> {
  const valid = validValue(schema, o.resolve, o.hints);
  const names = propertyNames(schema, o.resolve);
  const asObject = (v: unknown): Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : {};
  const cases: { weight: number; arbitrary: fc.Arbitrary<{ kind: string; text: string }> }[] = [
    { weight: 4, arbitrary: valid.map((v) => ({ kind: 'valid body', text: JSON.stringify(v) })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom<'fraction' | 'exponent'>('fraction', 'exponent'))
        .map(([v, style]) => ({
          kind: `integers as ${style}`,
          text: floatIntegers(JSON.stringify(v), style),
        })),
    },
    {
      weight: 1,
      arbitrary: hostileValue.map((v) => ({ kind: 'hostile body', text: JSON.stringify(v) ?? '' })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((text) => ({ kind: 'raw body', text })) },
  ];
  if (names.length > 0) {
    cases.push(
      {
        weight: 4,
        arbitrary: fc.tuple(valid, fc.constantFrom(...names), hostileValue).map(([v, name, bad]) => ({
          kind: `hostile ${name}`,
          text: JSON.stringify({ ...asObject(v), [name]: bad }),
        })),
      },
      {
        weight: 3,
        arbitrary: fc.tuple(valid, fc.constantFrom(...names)).map(([v, name]) => {
          const body = asObject(v);
          const value = body[name];
          body[name] = typeof value === 'string' ? withNul(value) : '\u0000';
          return { kind: `NUL in ${name}`, text: JSON.stringify(body) };
        }),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(valid, fc.constantFrom(...names)).map(([v, name]) => {
          const body = asObject(v);
          delete body[name];
          return { kind: `without ${name}`, text: JSON.stringify(body) };
        }),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(valid, hostileValue).map(([v, bad]) => ({
          kind: 'extra property',
          text: JSON.stringify({ ...asObject(v), unexpected: bad }),
        })),
      },
    );
  }
  return fc.oneof(...cases);
}

function bodyArbitrary(
  op: FuzzOperation,
  o: RequestOptions,
): fc.Arbitrary<{ kind: string; payload?: string | Buffer; contentType?: string }> {
  if (o.rawBodies) {
    return fc.oneof(
      { weight: 4, arbitrary: o.rawBodies.map((b) => ({ kind: 'upload', ...b })) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({
          kind: 'raw upload',
          payload,
          contentType: 'application/json',
        })),
      },
    );
  }
  const schema = jsonBodySchema(op);
  if (schema === null) {
    if (op.method === 'GET') return fc.constant({ kind: 'no body' });
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant({ kind: 'no body' }) },
      {
        weight: 1,
        arbitrary: fc.constant({ kind: 'empty json', payload: '{}', contentType: 'application/json' }),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({
          kind: 'raw body',
          payload,
          contentType: 'application/json',
        })),
      },
    );
  }
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  return fc
    .tuple(jsonBodyArbitrary(schema, o), contentType)
    .map(([body, type]) => ({ kind: body.kind, payload: body.text, contentType: type }));
}

const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'x-requested-with': fc.oneof(
        { weight: 6, arbitrary: fc.constant('comptoir') },
        { weight: 1, arbitrary: fc.constantFrom('COMPTOIR', 'XMLHttpRequest', '') },
      ),
      'idempotency-key': fc.oneof(fc.uuid(), hostileText.map(printable), fc.constant('k'.repeat(500))),
      accept: fc.constantFrom('text/html', '*/*', 'application/xml', 'application/json;q=0'),
      origin: fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1'),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1'),
      'user-agent': fc.oneof(fc.constant('u'.repeat(10_000)), hostileText.map(printable)),
      cookie: fc.constantFrom(
        '__Host-comptoir=garbage',
        '__Host-comptoir-bo=garbage',
        '__Host-comptoir-app=garbage',
        '__Host-comptoir=; __Host-comptoir=x',
        `__Host-comptoir=${'z'.repeat(4_000)}`,
        'broken',
      ),
    },
    { requiredKeys: [] },
  )
  .map((h) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(h)) if (value !== undefined) headers[name] = value;
    return headers;
  });

/** Every request the fuzz test may send for an operation. */
export function requestArbitrary(op: FuzzOperation, o: RequestOptions): fc.Arbitrary<FuzzRequest> {
  const params = parametersOf(op);
  // What the web app sends: the CSRF header, and an idempotency key (required by money movements).
  const csrfOnly = fc.uuid().map((key) => ({ 'x-requested-with': 'comptoir', 'idempotency-key': key }));
  return fc
    .tuple(
      pathArbitrary(op, params, o),
      queryArbitrary(params, o),
      bodyArbitrary(op, o),
      fc.oneof({ weight: 3, arbitrary: csrfOnly }, { weight: 2, arbitrary: headersArbitrary }),
    )
    .map(([path, query, body, headers]) => ({
      kind: body.kind,
      method: op.method,
      url: `${path}${query}`,
      headers: body.contentType ? { ...headers, 'content-type': body.contentType } : headers,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }));
}

/** The first known value of a field (see the test's hints), else one drawn from its schema. */
function goodValue(schema: JsonSchema, o: RequestOptions, seed: number, name: string): unknown {
  const known = o.hints[name];
  if (known !== undefined && known.length > 0) return known[0];
  return fc.sample(validValue(schema, o.resolve, o.hints, name), { seed, numRuns: 1 })[0];
}

/**
 * The systematic cases, beside the random ones: from one valid request, each body field and each
 * query parameter in turn gets a NUL inside its value (a body field also a lone surrogate), then
 * each of `texts` (e.g. out-of-range cursors); every integer in the body is written as a float
 * and as an exponent.
 */
export function systematicRequests(
  op: FuzzOperation,
  o: RequestOptions,
  seed: number,
  texts: readonly string[],
): FuzzRequest[] {
  const params = parametersOf(op);
  // The base request carries only what is required, with known good values, so that the one bad
  // value is what the server has to deal with.
  const path = params
    .filter((p) => p.in === 'path')
    .reduce(
      (at, p) => at.replace(`{${p.name}}`, encode(asText(goodValue(p.schema, o, seed, p.name)))),
      op.path,
    );
  const query = params.filter((p) => p.in === 'query');
  const values: Record<string, string> = {};
  for (const p of query) if (p.required) values[p.name] = asText(goodValue(p.schema, o, seed, p.name));
  let counter = 0;
  const base = () => ({
    method: op.method,
    headers: { 'x-requested-with': 'comptoir', 'idempotency-key': `fuzz-${seed}-${counter++}` },
  });
  const cases: FuzzRequest[] = [];
  const url = (search: Record<string, string>) => {
    const text = new URLSearchParams(search).toString();
    return `${path}${text ? `?${text}` : ''}`;
  };
  for (const p of query) {
    const good = asText(goodValue(p.schema, o, seed, p.name));
    for (const bad of [withNul(good), ...texts]) {
      cases.push({ ...base(), kind: `query ${p.name}`, url: url({ ...values, [p.name]: bad }) });
    }
  }
  const schema = jsonBodySchema(op);
  if (schema !== null) {
    const object: Record<string, unknown> = {};
    const properties = (o.resolve(schema).properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties))
      object[name] = goodValue(property, o, seed, name);
    const json = (kind: string, payload: string): FuzzRequest => {
      const request = base();
      const headers = { ...request.headers, 'content-type': 'application/json' };
      return { ...request, headers, kind, url: url(values), payload };
    };
    // The good request itself first, so every operation is also reached with a valid body.
    cases.unshift(json('good body', JSON.stringify(object)));
    for (const name of propertyNames(schema, o.resolve)) {
      const value = object[name];
      const text = typeof value === 'string' ? withNul(value) : '\u0000';
      cases.push(json(`NUL in ${name}`, JSON.stringify({ ...object, [name]: text })));
      const lone = `${typeof value === 'string' ? value : ''}\ud800`;
      cases.push(json(`lone surrogate in ${name}`, JSON.stringify({ ...object, [name]: lone })));
    }
    for (const style of ['fraction', 'exponent'] as const) {
      cases.push(json(`integers as ${style}`, floatIntegers(JSON.stringify(object), style)));
    }
  } else {
    cases.unshift({ ...base(), kind: 'good request', url: url(values) });
  }
  return cases;
}
