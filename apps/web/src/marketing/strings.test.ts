import { describe, expect, it } from 'vitest';
import { fill } from './strings.ts';

describe('fill', () => {
  it('replaces every {key} it is given, numbers included', () => {
    expect(fill('Contact — {name}', { name: 'Comptoir' })).toBe('Contact — Comptoir');
    expect(fill('{n} caractères au plus, {n} !', { n: 5000 })).toBe('5000 caractères au plus, 5000 !');
  });

  it('leaves a placeholder it has no value for, so a missing value shows instead of vanishing', () => {
    expect(fill('Écrire à {email}', {})).toBe('Écrire à {email}');
  });

  it('inserts values as they are (a value is not read as a placeholder or a pattern)', () => {
    expect(fill('{a}', { a: '{b} $& $1', b: 'non' })).toBe('{b} $& $1');
  });
});
