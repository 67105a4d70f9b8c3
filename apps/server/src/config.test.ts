import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('defaults to the embedded sandbox on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.sandbox).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.institution.sandbox).toBe(true);
  });

  it('honours PORT and DATA_DIR', () => {
    const c = loadConfig({ PORT: '3100', DATA_DIR: '/tmp/comptoir-x' });
    expect(c.port).toBe(3100);
    expect(c.dataDir).toBe('/tmp/comptoir-x');
  });

  it('production refuses to start without a master key, SMTP or a real institution', () => {
    expect(() => loadConfig({ SANDBOX: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX: 'false', MASTER_KEY: 'a'.repeat(64) })).toThrow(/SMTP_URL/);
    expect(() =>
      loadConfig({ SANDBOX: 'false', MASTER_KEY: 'a'.repeat(64), SMTP_URL: 'smtp://localhost:25' }),
    ).toThrow(/INSTITUTION_FILE/);
  });

  it('explains a bad value instead of crashing later', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
