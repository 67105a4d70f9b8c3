import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password.ts';

describe('passwordWeakness', () => {
  it('explains why in French', () => {
    expect(passwordWeakness('court')).toMatch(/au moins 12/);
    expect(passwordWeakness('aaaaaaaaaaaaaa')).not.toBeNull();
    expect(passwordWeakness('azertyuiop123')).toMatch(/courant/);
    expect(passwordWeakness('Martin-2026-secret', ['martin'])).toMatch(/votre nom/);
    // An admin creating an operator is told whose name it is, not « votre nom ».
    const operator = passwordWeakness('Martin-2026-secret', ['martin'], 'operator');
    expect(operator).toContain('le nom de l’opérateur');
    expect(operator).not.toContain('votre');
    expect(passwordWeakness('abcdefghijklm')).toMatch(/suite/);
    expect(passwordWeakness('lapinbleuvert')).toMatch(/Mélangez/);
  });
  it('accepts a decent password', () => {
    expect(passwordWeakness('Ver7-Lapin-Citron')).toBeNull();
    expect(passwordWeakness('une phrase assez longue pour passer')).toBeNull();
  });
});
