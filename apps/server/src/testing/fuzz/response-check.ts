// What the fuzz test asks of every answer: no 5xx, no stack trace or file path, a JSON body that
// matches the schema the OpenAPI document declares for its status, and problem JSON for errors.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats, { type FormatsPlugin } from 'ajv-formats';
import type { JsonSchema } from './schema-arbitrary.ts';

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * The router's own 404 (a path that matches no route, e.g. an empty id segment) belongs to no
 * operation: it is allowed undeclared, as long as it is the not-found problem.
 */
const isRouterNotFound = (status: number, body: string) =>
  status === 404 && body.includes('"code":"not_found"');

const LEAKS: [RegExp, string][] = [
  [/\n\s+at \S.*:\d+:\d+/, 'stack frame'],
  [/\b(?:node_modules|node:internal|file:\/\/)|\/(?:work|home|usr|tmp)\/\S+\.(?:ts|js|mjs)\b/, 'file path'],
  [/\b[A-Za-z]*Error: /, 'error message'],
  [/\b(?:SQLSTATE|duplicate key|violates|syntax error at|invalid byte sequence)\b/i, 'database message'],
];

const isJson = (type: string) => type === 'application/json' || type === 'application/problem+json';
const asRecord = (value: unknown): JsonSchema =>
  typeof value === 'object' && value !== null ? (value as JsonSchema) : {};

// ajv-formats is CommonJS: its default export is the plugin, also found under `.default`.
const addFormats: FormatsPlugin = (formats as unknown as { default?: FormatsPlugin }).default ?? formats;

export function responseChecker(doc: JsonSchema) {
  // `#/components/…` references point into the document registered as `openapi`.
  const rewritten = JSON.parse(
    JSON.stringify(doc).replaceAll('"#/components/', '"openapi#/components/'),
  ) as JsonSchema;
  const ajv = new Ajv2020({ strict: false, allErrors: false, logger: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'openapi', components: rewritten.components }, 'openapi');
  const problem = ajv.compile({ $ref: 'openapi#/components/schemas/Problem' });
  const cache = new Map<string, ValidateFunction>();
  const paths = asRecord(rewritten.paths);

  const declared = (method: string, path: string, status: number) => {
    const op = asRecord(asRecord(paths[path])[method.toLowerCase()]);
    const responses = asRecord(op.responses);
    return responses[String(status)] === undefined ? null : asRecord(responses[String(status)]);
  };

  const validatorFor = (key: string, schema: JsonSchema) => {
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      cache.set(key, validate);
    }
    return validate;
  };

  /** The problems with one answer (empty when it is fine). */
  return (method: string, path: string, answer: Answer): string[] => {
    const faults: string[] = [];
    const { statusCode: status, body } = answer;
    const header = answer.headers['content-type'];
    const type = (typeof header === 'string' ? header : '').split(';')[0]!.trim().toLowerCase();
    if (status >= 500) faults.push(`status ${status}`);
    if (type === '' || type.startsWith('text/') || isJson(type)) {
      for (const [pattern, what] of LEAKS) if (pattern.test(body)) faults.push(`${what} in the body`);
    }
    const response = declared(method, path, status);
    const content = asRecord(response?.content);
    const types = Object.keys(content);
    if (response === null && !isRouterNotFound(status, body)) {
      faults.push(`status ${status} is not declared`);
    }
    if (status === 204 || (response !== null && types.length === 0 && body === '')) return faults;
    if (!isJson(type)) {
      if (status >= 400) faults.push(`error answered as ${type || 'no content type'}`);
      else if (!types.includes(type)) faults.push(`${type || 'no content type'} is not declared`);
      return faults;
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      faults.push('body is not JSON');
      return faults;
    }
    // Errors are checked against the declared schema whatever media type the document names.
    const declaredSchema = types.map((t) => asRecord(content[t]).schema).find((s) => s !== undefined);
    const [validate, label] =
      declaredSchema !== undefined
        ? [validatorFor(`${method} ${path} ${status}`, asRecord(declaredSchema)), 'declared schema']
        : [problem, 'problem schema'];
    if (status >= 200 && status < 300 && !types.some(isJson)) faults.push(`${type} is not declared`);
    if (!validate(json)) faults.push(`${label}: ${ajv.errorsText(validate.errors)}`);
    if (status >= 400) {
      if (!problem(json)) faults.push(`not problem JSON: ${ajv.errorsText(problem.errors)}`);
      else if (asRecord(json).status !== status) faults.push('problem status differs from HTTP status');
    }
    return faults;
  };
}
