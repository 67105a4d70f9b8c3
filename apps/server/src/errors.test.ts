import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@comptoir/contracts';
import { AppError } from './errors.ts';

const SRC = import.meta.dirname;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

/** A sample of each parameterised detail's parameters, to render its text. */
const SAMPLE_PARAMS: Record<string, unknown> = {
  validation_failed: { errors: [{ path: 'amount', message: 'Montant invalide.' }] },
  account_locked: { date: '01/02/2026', time: '10:00' },
  sca_locked: { date: '01/02/2026', time: '10:00' },
  account_closed: { supportEmail: 'support@comptoir.example', phone: '+352 00 00 00' },
  weak_password: { reason: 'Mot de passe trop court.' },
  operator_locked: { until: '10:00' },
  application_incomplete: { missing: ['selfie'] },
  corrections_incomplete: { missing: ['selfie'] },
  contact_too_many_links: { maxLinks: 3 },
  application_not_in_review: { action: 'approve' },
  document_unrelated_to_request: { labels: ['Selfie'] },
  closure_balance_not_zero: { balance: '1,00 €', pending: '0,00 €' },
  direct_debit_refusal_too_late: { lastDay: '30/04/2026', dueDate: '04/05/2026' },
  sanctions_list_invalid: { problem: 'malformed', line: 1234 },
};

const detailOf = (code: ErrorCode): string => {
  const { detail } = ERROR_CATALOGUE[code];
  return typeof detail === 'string' ? detail : (detail as (params: unknown) => string)(SAMPLE_PARAMS[code]);
};

describe('the error catalogue', () => {
  it('gives every code an error status and a French detail', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(100);
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
      const detail = detailOf(code);
      expect(detail.trim().length, code).toBeGreaterThan(5);
      expect(detail, code).toMatch(/[.!)]$|\p{L}$/u);
    }
  });

  it('names every parameterised detail’s sample here, so each of them is rendered above', () => {
    const parameterised = ERROR_CODES.filter((code) => typeof ERROR_CATALOGUE[code].detail !== 'string');
    expect(parameterised.toSorted()).toEqual(Object.keys(SAMPLE_PARAMS).toSorted());
  });

  it('throws only codes of the catalogue, and no throw site writes its own text', () => {
    const thrown = new Set<string>();
    const faults: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      const name = relative(SRC, file);
      for (const [, code] of text.matchAll(/new AppError\(\s*'(\w+)'/g)) thrown.add(code ?? '');
      if (/new AppError\(\s*'\w+',\s*\d{3}/.test(text)) faults.push(`${name}: a status at the throw site`);
      if (/new AppError\(\s*'\w+',\s*['`]/.test(text))
        faults.push(`${name}: an inline text at the throw site`);
      if (/new AppError\([^)]*\b(?:detail|message|reason)\s*\)/.test(text)) {
        faults.push(`${name}: a text passed through to AppError`);
      }
    }
    expect(faults).toEqual([]);
    expect(thrown.size).toBeGreaterThan(100);
    for (const code of thrown) expect(ERROR_CODES, code).toContain(code);
  });
});

describe('AppError', () => {
  it('takes its status and detail from the catalogue', () => {
    const error = new AppError('beneficiary_not_found');
    expect(error).toMatchObject({
      code: 'beneficiary_not_found',
      status: 404,
      detail: 'Bénéficiaire non trouvé.',
    });
    expect(new AppError('weak_password', { reason: 'Trop court.' }).detail).toBe('Trop court.');
    const locked = new AppError('sca_locked', { date: '01/02/2026', time: '10:00' }, { lockedUntil: 'x' });
    expect(locked.extra).toEqual({ lockedUntil: 'x' });
    expect(locked.detail).toContain('01/02/2026 à 10:00');
    expect(new AppError('rate_limited', { retryAfterSeconds: 5 }).extra).toEqual({ retryAfterSeconds: 5 });
  });

  it('refuses a missing parameter or a text of its own (checked by npm run typecheck)', () => {
    // @ts-expect-error weak_password needs its reason
    expect(() => new AppError('weak_password')).toThrow(TypeError);
    // @ts-expect-error the detail comes from the catalogue, never from the throw site
    expect(new AppError('account_not_found', 'Compte inconnu.').detail).toBe('Compte introuvable.');
  });
});
