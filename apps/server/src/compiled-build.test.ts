import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from './testing/test-context.ts';
import { makeCustomer, signIn } from './testing/customers.ts';
import { RenderPool, useStatementRenderers } from './modules/statements/__tests__/testing.ts';
import { MatcherThread } from './modules/screening/__tests__/testing.ts';
import type { ListedEntity } from './modules/screening/index.ts';

// `npm run build` compiles the server into plain JavaScript that a production install — no tsx, no
// TypeScript, no dev dependency — runs. This builds it into a scratch folder beside apps/server/dist
// (two levels under the repository, like the real one) and runs what it made.

const root = join(import.meta.dirname, '../../..');
const outdir = join(root, `apps/server/.dist-test-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-compiled-'));
const WEB_SSR = join(root, 'apps/web/dist/ssr');
let buildMs = 0;

beforeAll(() => {
  const started = performance.now();
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], {
    cwd: root,
    encoding: 'utf8',
  });
  buildMs = performance.now() - started;
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
});
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const readJson = (path: string) =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as { dependencies?: Record<string, string> };

/** The npm packages a compiled file loads (`import … from "x"`, `import("x")`), Node's own left out. */
function packagesImported(code: string): string[] {
  const builtins = new Set(builtinModules);
  const names = new Set<string>();
  const specifiers = [
    ...code.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)";/gm), // import { a } from "x";
    ...code.matchAll(/^import\s*"([^"]+)";/gm), // import "x";
    ...code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g), // import("x")
  ].map((match) => match[1] ?? '');
  for (const specifier of specifiers) {
    if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
    if (!builtins.has(name)) names.add(name);
  }
  return [...names];
}

/** A production configuration (apps/server/src/config.ts): what SANDBOX=false requires. */
const PRODUCTION = {
  SANDBOX: 'false',
  MASTER_KEY: 'cd'.repeat(32),
  SMTP_URL: 'smtp://127.0.0.1:9',
  INSTITUTION_FILE: join(root, 'deploy/institution.example.json'),
  PUBLIC_URL: 'http://localhost',
  PORT: '0',
  HOST: '127.0.0.1',
};

/** Runs a compiled file with no loader, outside the database tests share (PGlite in its own folder). */
function runCompiled(file: string, extraEnv: Record<string, string> = {}): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return spawn(process.execPath, [join(outdir, file)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('the compiled server', () => {
  it('builds in seconds, with the migrations and database functions beside it', () => {
    expect(buildMs).toBeLessThan(60_000);
    const migrations = readdirSync(join(outdir, 'migrations'));
    expect(migrations).toEqual(readdirSync(join(root, 'apps/server/src/db/migrations')));
    const functions = readdirSync(join(outdir, 'functions'));
    expect(functions).toEqual(readdirSync(join(root, 'apps/server/src/db/functions')));
    expect(readdirSync(outdir)).toEqual(
      expect.arrayContaining([
        'main.mjs',
        'ledger-verify.mjs',
        'operator-create.mjs',
        'worker-boot.mjs',
        'matcher-boot.mjs',
      ]),
    );
  });

  // `npm test` builds the web app first (scripts/test.mjs); a lone run of this file may not have it.
  it.skipIf(!existsSync(WEB_SSR))(
    'loads only packages a production install keeps: runtime dependencies, never tsx or any dev tool',
    () => {
      const runtime = new Set<string>();
      for (const ws of ['apps/server', 'packages/core', 'packages/contracts']) {
        for (const name of Object.keys(readJson(`${ws}/package.json`).dependencies ?? {})) runtime.add(name);
      }
      const imported = new Set<string>();
      for (const file of readdirSync(outdir).filter((f) => f.endsWith('.mjs'))) {
        for (const name of packagesImported(readFileSync(join(outdir, file), 'utf8'))) imported.add(name);
      }
      // The server also loads the web build's marketing renderer (an institution of its own).
      for (const file of readdirSync(WEB_SSR, { recursive: true, encoding: 'utf8' }).filter((f) =>
        f.endsWith('.js'),
      )) {
        for (const name of packagesImported(readFileSync(join(WEB_SSR, file), 'utf8'))) imported.add(name);
      }
      expect(imported).toContain('fastify');
      expect(imported).not.toContain('tsx');
      // Our own packages are compiled in: their sources are TypeScript, which node cannot load.
      expect([...imported].filter((name) => name.startsWith('@comptoir/'))).toEqual([]);
      expect([...imported].filter((name) => !runtime.has(name))).toEqual([]);
    },
  );

  it('screens in its own matcher thread (docs/screening.md#screening)', async () => {
    const thread = new MatcherThread(pathToFileURL(join(outdir, 'matcher-boot.mjs')));
    const listed: ListedEntity = {
      entryId: '00000000-0000-4000-8000-000000000001',
      contentSha256: 'a'.repeat(64),
      logicalId: 1,
      euReferenceNumber: null,
      subjectType: 'person',
      regulations: [],
      aliases: [
        {
          wholeName: 'Viktor KRASNOV',
          firstName: null,
          middleName: null,
          lastName: null,
          strong: true,
          language: null,
        },
      ],
      birthDates: [{ year: 1961, month: 5, day: 2, circa: false }],
      citizenships: [],
      identifications: [],
      addresses: [],
      remark: null,
    };
    try {
      await thread.useVersion('v1', () => Promise.resolve([listed]));
      const [found, other] = await thread.screen(
        'v1',
        [
          { kind: 'person', fullName: 'Viktor Krasnov', birthDate: { year: 1961, month: 5, day: 2 } },
          { kind: 'person', fullName: 'Camille Martin', birthDate: { year: 1990, month: 1, day: 1 } },
        ],
        80,
      );
      expect(found?.matches.map((m) => m.logicalId)).toEqual([1]);
      expect(other?.matches).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  describe('draws statements in its own renderer thread', () => {
    let t: TestContext;
    let pool: RenderPool;
    beforeAll(async () => {
      t = await makeTestContext({ rateLimits: false });
      pool = new RenderPool(pathToFileURL(join(outdir, 'worker-boot.mjs')), 1);
      useStatementRenderers(t.ctx, pool);
    });
    afterAll(async () => {
      await pool.close();
      await t.close();
    });

    it('a PDF, with its fonts, and a camt.053', async () => {
      const cookie = await signIn(t.app, await makeCustomer(t.ctx));
      const accounts = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: { cookie } });
      const main = accounts.json<Account[]>().find((a) => a.kind === 'main')!;
      const month = t.ctx.clock.now().toISOString().slice(0, 7);
      const url = `/api/accounts/${main.id}/statements/${month}`;
      const pdf = await t.app.inject({ method: 'GET', url: `${url}.pdf`, headers: { cookie } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.toString('latin1')).toContain('/FontFile2');
      expect(pdf.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      const camt = await t.app.inject({ method: 'GET', url: `${url}.camt053.xml`, headers: { cookie } });
      expect(camt.statusCode).toBe(200);
      expect(camt.body.trimEnd().endsWith('</Document>')).toBe(true);
    });
  });

  it('starts in production with no TypeScript loader, migrates, answers /api/health, then verifies its ledger', async () => {
    const server = runCompiled('main.mjs', PRODUCTION);
    let output = '';
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /ready at (http:\/\/\S+) in/.exec(output);
        if (ready?.[1]) resolve(ready[1]);
      });
      server.on('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
    });
    try {
      expect(output).toContain('Comptoir (production, PGlite');
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      // libvips (sharp) loads with the first image to decode, not at start (Linux shows a process's
      // libraries in /proc).
      if (server.pid !== undefined && existsSync(`/proc/${server.pid}/maps`))
        expect(readFileSync(`/proc/${server.pid}/maps`, 'utf8')).not.toContain('libvips');
      if (existsSync(WEB_SSR)) {
        // The public pages, rendered at start for this institution by the web build's renderer.
        const home = await fetch(`${url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('Banque Exemple S.A.');
      }
    } finally {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    const verify = runCompiled('ledger-verify.mjs', PRODUCTION);
    let verdict = '';
    verify.stdout?.on('data', (chunk: Buffer) => (verdict += chunk.toString()));
    verify.stderr?.on('data', (chunk: Buffer) => (verdict += chunk.toString()));
    const code = await new Promise((resolve) => verify.on('exit', resolve));
    expect(verdict).toMatch(/^ledger ok: /);
    expect(code).toBe(0);
  }, 120_000);
});
