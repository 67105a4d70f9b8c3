import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { DEFAULT_INSTITUTION } from './institution.ts';

function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  const file = join(mkdtempSync(join(tmpdir(), 'comptoir-config-')), 'institution.json');
  writeFileSync(file, JSON.stringify({ ...DEFAULT_INSTITUTION, sandbox: false }));
  return {
    SANDBOX: 'false',
    MASTER_KEY: 'a'.repeat(64),
    SMTP_URL: 'smtp://localhost:25',
    INSTITUTION_FILE: file,
    PUBLIC_URL: 'https://banque.example',
    ...extra,
  };
}

describe('config', () => {
  it('defaults to the embedded sandbox on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.sandbox).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.institution.sandbox).toBe(true);
  });

  it('takes the owner role’s MIGRATION_DATABASE_URL beside DATABASE_URL, never alone', () => {
    const owner = 'postgres://comptoir_owner@db:5432/comptoir';
    const app = 'postgres://comptoir_app@db:5432/comptoir';
    const c = loadConfig({ DATABASE_URL: app, MIGRATION_DATABASE_URL: owner });
    expect(c).toMatchObject({ databaseUrl: app, migrationDatabaseUrl: owner });
    expect(loadConfig({ DATABASE_URL: app }).migrationDatabaseUrl).toBeUndefined();
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: owner })).toThrow(/requires DATABASE_URL/);
  });

  it('honours PORT and DATA_DIR', () => {
    const c = loadConfig({ PORT: '3100', DATA_DIR: '/tmp/comptoir-x' });
    expect(c.port).toBe(3100);
    expect(c.dataDir).toBe('/tmp/comptoir-x');
  });

  it('production refuses to start without its public address (links and the allowed origin)', () => {
    const { PUBLIC_URL: _unused, ...env } = productionEnv();
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL/);
    expect(loadConfig(productionEnv()).publicUrl).toBe('https://banque.example');
  });

  it('production refuses to start without a master key, SMTP or a real institution', () => {
    expect(() => loadConfig({ SANDBOX: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX: 'false', MASTER_KEY: 'a'.repeat(64) })).toThrow(/SMTP_URL/);
    expect(() =>
      loadConfig({ SANDBOX: 'false', MASTER_KEY: 'a'.repeat(64), SMTP_URL: 'smtp://localhost:25' }),
    ).toThrow(/INSTITUTION_FILE/);
  });

  it('numbers sandbox cards in a range no card network uses, and keeps the sandbox key out of production', () => {
    expect(loadConfig({}).cardBin).toBe('099001');
    expect(loadConfig({ CARD_BIN: '09912345' }).cardBin).toBe('09912345');
    expect(() => loadConfig({ CARD_BIN: '411111' })).toThrow(/CARD_BIN must start with 0/);
    expect(() => loadConfig({ CARD_BIN: '0990' })).toThrow(ConfigError);
    expect(loadConfig(productionEnv({ CARD_BIN: '535110' })).cardBin).toBe('535110');
    const key = 'k'.repeat(32);
    expect(loadConfig({ SANDBOX_API_KEY: key }).sandboxApiKey).toBe(key);
    expect(() => loadConfig({ SANDBOX_API_KEY: 'short' })).toThrow(ConfigError);
    expect(loadConfig(productionEnv({ SANDBOX_API_KEY: key })).sandboxApiKey).toBeUndefined();
  });

  it('listens on 127.0.0.1 in sandbox (its mailbox is open to anyone who reaches it), 0.0.0.0 in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(productionEnv()).host).toBe('0.0.0.0');
    expect(loadConfig(productionEnv({ HOST: '10.0.0.5' })).host).toBe('10.0.0.5');
  });

  it('believes no proxy unless TRUST_PROXY says which, in sandbox and production alike', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(productionEnv()).trustProxy).toBe(false);
    expect(loadConfig(productionEnv({ TRUST_PROXY: '10.0.0.1' })).trustProxy).toEqual(['10.0.0.1']);
  });

  it('explains a bad value instead of crashing later', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
