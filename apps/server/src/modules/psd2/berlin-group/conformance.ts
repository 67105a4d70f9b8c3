// For tests only: the Berlin Group's NextGenPSD2 1.3.11 OpenAPI file (README.md here says where it
// comes from) and a check that an answer of the PSD2 interface matches the schema the file gives
// its path, method and status. The file is read as it is; what OpenAPI 3.0 writes differently from
// JSON Schema is converted in memory, never in the file.
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats, { type FormatsPlugin } from 'ajv-formats';
import { parse } from 'yaml';

export const BERLIN_GROUP_FILE = new URL('./psd2-api_v1.3.11-2021-10-01v1.yaml', import.meta.url);

/** Where the interface is mounted; the file's paths start at `/v1`, under its server's `/psd2`. */
const MOUNT = '/psd2';

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/**
 * OpenAPI 3.0 schema objects → JSON Schema draft-07 as ajv reads it: `nullable` becomes a `null`
 * type, boolean `exclusiveMinimum`/`exclusiveMaximum` (draft-04 style) become numbers or go, and
 * local references point into the document registered as `berlin-group`.
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) out[key] = toJsonSchema(inner);
  if (typeof out.$ref === 'string' && out.$ref.startsWith('#/')) out.$ref = `berlin-group${out.$ref}`;
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  delete out.nullable;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  return out;
}

// ajv-formats is CommonJS: its default export is the plugin, also found under `.default`.
const addFormats: FormatsPlugin = (formats as unknown as { default?: FormatsPlugin }).default ?? formats;

interface Loaded {
  document: Json;
  /** The file's path templates, as regular expressions on `/v1/…`, most literal segments first. */
  templates: { template: string; pattern: RegExp; literals: number }[];
  ajv: Ajv;
  validators: Map<string, ValidateFunction>;
}

let loaded: Loaded | undefined;

/** The file, parsed once per test file. */
export function berlinGroupDocument(): Json {
  return load().document;
}

function load(): Loaded {
  if (loaded) return loaded;
  const document = asRecord(parse(readFileSync(BERLIN_GROUP_FILE, 'utf8')));
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'berlin-group', components: toJsonSchema(document.components) }, 'berlin-group');
  const templates = Object.keys(asRecord(document.paths))
    .map((template) => {
      const segments = template.split('/').slice(1);
      const source = segments
        .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      return {
        template,
        pattern: new RegExp(`^/${source}$`),
        literals: segments.filter((s) => !s.startsWith('{')).length,
      };
    })
    .sort((a, b) => b.literals - a.literals);
  loaded = { document, templates, ajv, validators: new Map() };
  return loaded;
}

/**
 * The file's path template for a path of the interface: `/psd2/v1/consents/abc` (or `/v1/…`, a
 * query string allowed) → `/v1/consents/{consentId}`. A template given as such is returned as is.
 * The most specific template wins (`/v1/consents/{consentId}` over `/v1/{payment-service}/…`).
 */
export function berlinGroupTemplate(operationPath: string): string {
  const { document, templates } = load();
  const bare = operationPath.split('?')[0] ?? '';
  const path = bare.startsWith(`${MOUNT}/`) ? bare.slice(MOUNT.length) : bare;
  if (path in asRecord(document.paths)) return path;
  const match = templates.find((t) => t.pattern.test(path));
  if (!match) throw new Error(`${operationPath}: no path of the Berlin Group file matches ${path}`);
  return match.template;
}

/** Follows one `#/components/…` reference of the file (for response objects, which ajv does not see). */
function deref(document: Json, value: unknown): Json {
  let node = asRecord(value);
  for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops++) {
    const pointer = node.$ref;
    if (!pointer.startsWith('#/')) throw new Error(`external reference ${pointer}`);
    node = pointer
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Json>((at, part) => asRecord(at[part]), document);
  }
  return node;
}

const describeError = (body: unknown) => (e: ErrorObject) => {
  const at = e.instancePath || '(body)';
  const value = e.instancePath
    ? e.instancePath
        .split('/')
        .slice(1)
        .reduce<unknown>((v, k) => asRecord(v)[k] ?? (Array.isArray(v) ? v[Number(k)] : undefined), body)
    : undefined;
  const shown = value === undefined ? '' : ` (is ${JSON.stringify(value)})`;
  return `  ${at} ${e.message ?? e.keyword} ${JSON.stringify(e.params)} [schema ${e.schemaPath}]${shown}`;
};

/** The response headers the file marks required (X-Request-ID), missing or not of their schema. */
function headerErrors(ajv: Ajv, document: Json, response: Json, headers: Record<string, unknown>): string[] {
  const errors: string[] = [];
  for (const [name, declared] of Object.entries(asRecord(response.headers))) {
    const header = deref(document, declared);
    if (header.required !== true) continue;
    const value = headers[name.toLowerCase()];
    if (value === undefined) {
      errors.push(`  header ${name} is required, absent`);
      continue;
    }
    const validate = ajv.compile(asRecord(toJsonSchema(header.schema)));
    if (!validate(value))
      errors.push(`  header ${name} ${ajv.errorsText(validate.errors)} (is ${JSON.stringify(value)})`);
  }
  return errors;
}

/**
 * The ways an answer departs from the file for this path, method and status: its body against the
 * `application/json` schema, and, when `headers` are given, the response headers the file marks
 * required; empty when it conforms. A status the file does not declare for the operation, or a
 * body where the file declares none, is a departure too.
 */
export function conformanceErrors(
  operationPath: string,
  method: string,
  status: number,
  body: unknown,
  headers?: Record<string, unknown>,
): string[] {
  const { document, ajv, validators } = load();
  const template = berlinGroupTemplate(operationPath);
  const verb = method.toLowerCase();
  const operation = asRecord(asRecord(asRecord(document.paths)[template])[verb]);
  const where = `${method.toUpperCase()} ${template} ${status}`;
  if (Object.keys(operation).length === 0) return [`${where}: the file has no such operation`];
  const responses = asRecord(operation.responses);
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  if (declared === undefined) {
    return [
      `${where}: the file declares no ${status} for this operation (${Object.keys(responses).join(', ')})`,
    ];
  }
  const response = deref(document, declared);
  const errors = headers ? headerErrors(ajv, document, response, headers) : [];
  const content = asRecord(response.content);
  if (Object.keys(content).length === 0) {
    if (body !== undefined && body !== '' && body !== null) {
      errors.push(`  the file declares no body, got ${JSON.stringify(body)}`);
    }
  } else {
    const schema = asRecord(content['application/json']).schema;
    if (schema === undefined) {
      errors.push(`  no application/json schema (${Object.keys(content).join(', ')})`);
    } else {
      let validate = validators.get(where);
      if (!validate) {
        validate = ajv.compile(asRecord(toJsonSchema(schema)));
        validators.set(where, validate);
      }
      if (!validate(body)) errors.push(...(validate.errors ?? []).map(describeError(body)));
    }
  }
  return errors.length > 0 ? [`${where}:`, ...errors] : [];
}

/** Fails, listing every departure, unless the answer conforms to the Berlin Group file. */
export function expectConforms(
  operationPath: string,
  method: string,
  status: number,
  body: unknown,
  headers?: Record<string, unknown>,
): void {
  const errors = conformanceErrors(operationPath, method, status, body, headers);
  if (errors.length > 0) {
    throw new Error(
      `${method.toUpperCase()} ${operationPath} does not conform to the Berlin Group file:\n${errors.join('\n')}\nbody: ${JSON.stringify(body, null, 2)}`,
    );
  }
}
