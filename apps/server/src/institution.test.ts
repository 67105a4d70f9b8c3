import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { Institution } from './institution.ts';

const EXAMPLE = join(import.meta.dirname, '../../../deploy/institution.example.json');

describe('the example institution file (deploy/institution.example.json)', () => {
  it('holds every field of the institution profile, for a real institution', () => {
    const parsed = Institution.strict().safeParse(JSON.parse(readFileSync(EXAMPLE, 'utf8')));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.sandbox).toBe(false);
    expect(Object.keys(parsed.data ?? {}).sort()).toEqual(Object.keys(Institution.shape).sort());
  });

  it('lets a production server start, as INSTITUTION_FILE', () => {
    const config = loadConfig({
      SANDBOX: 'false',
      INSTITUTION_FILE: EXAMPLE,
      MASTER_KEY: 'ab'.repeat(32),
      SMTP_URL: 'smtps://user:secret@smtp.banque-exemple.lu:465',
      PUBLIC_URL: 'https://banque-exemple.lu',
    });
    expect(config.institution.legalName).toBe('Banque Exemple S.A.');
    expect(config.institution.sandbox).toBe(false);
    expect(config.mailFrom).toBe('Banque Exemple <ne-pas-repondre@banque-exemple.lu>');
  });
});
