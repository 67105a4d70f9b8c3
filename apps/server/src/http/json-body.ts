// Error codes thrown here: non_integer_number.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Every number a request carries is an integer (cents, counts, milliseconds), so it must be
 * written as one: `JSON.parse` reads `100.0` and `1e2` as 100, which would let an amount typed
 * with a decimal part or an exponent through as whole cents. Strings are blanked out first, so
 * only number tokens are looked at; the text is valid JSON by then.
 */
export function hasNonIntegerNumber(json: string): boolean {
  return /\d[.eE]/.test(json.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
}

/** Fastify's JSON parser (prototype-poisoning checks included), refusing non-integer numbers. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const json = typeof body === 'string' ? body : body.toString('utf8');
    void parseJson(request, json, (error, value) => {
      if (error) return done(error, undefined);
      if (hasNonIntegerNumber(json)) return done(new AppError('non_integer_number'), undefined);
      done(null, value);
    });
  });
}
