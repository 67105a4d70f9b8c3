import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '@comptoir/contracts';
import { AppError } from './errors.ts';

describe('AppError', () => {
  it('every code has one error status', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
    }
  });

  it('carries its code’s status, and the compiler refuses any other (checked by npm run typecheck)', () => {
    expect(new AppError('weak_password', 422, 'Mot de passe trop faible.').status).toBe(
      ERROR_STATUS.weak_password,
    );
    // @ts-expect-error weak_password answers 422 (ERROR_STATUS), never 400
    const wrong = new AppError('weak_password', 400, 'Mot de passe trop faible.');
    expect(wrong.status).not.toBe(ERROR_STATUS.weak_password);
  });
});
