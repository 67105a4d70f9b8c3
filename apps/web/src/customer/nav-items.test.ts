import { describe, expect, it } from 'vitest';
import { isActiveEntry } from './nav-items.ts';

describe('the lit navigation entry', () => {
  it('keeps « Accueil » lit on an Espace’s page, and only there besides `/`', () => {
    expect(isActiveEntry('/', '/', true)).toBe(true);
    expect(isActiveEntry('/espaces/42', '/', true)).toBe(true);
    expect(isActiveEntry('/Espaces/42/', '/', true)).toBe(true);
    expect(isActiveEntry('/carte', '/', true)).toBe(false);
    expect(isActiveEntry('/espaces/42', '/carte', false)).toBe(false);
    expect(isActiveEntry('/virementshome/ponctuel', '/virementshome', false)).toBe(true);
  });

  it('keeps « Virements » lit on « Prélèvements », which sits under it', () => {
    expect(isActiveEntry('/virementshome/prelevements', '/virementshome', false)).toBe(true);
    expect(isActiveEntry('/virementshome/prelevements', '/', true)).toBe(false);
  });
});
