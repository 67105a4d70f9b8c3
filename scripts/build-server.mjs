// `npm run build` (server half): compiles the server, with packages/core and packages/contracts, into
// plain JavaScript under apps/server/dist/ — one ES module per entry (the server, the operators'
// commands, the two worker threads) and shared chunks. npm packages stay outside the bundle and are
// loaded from node_modules at run time; the build refuses any that is not a runtime dependency, so
// `npm prune --omit=dev` can never break the compiled server. Runtime files travel with it: the SQL
// migrations and database functions are copied next to the code that reads them.
//
//   node scripts/build-server.mjs [--outdir DIR]   (DIR must sit two levels under the repository,
//                                                   like apps/server/dist, to find apps/web/dist)
import { builtinModules } from 'node:module';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const server = join(root, 'apps/server/src');

/** The bundle's entries: output name → source (relative imports name them in the source). */
export const ENTRIES = {
  main: 'main.ts',
  'ledger-verify': 'cli/ledger-verify.ts',
  'operator-create': 'cli/operator-create.ts',
  'sanctions-import': 'cli/sanctions-import.ts',
  backup: 'cli/backup.ts',
  restore: 'cli/restore.ts',
  'master-key-rotate': 'cli/master-key-rotate.ts',
  'migrate-to-postgres': 'cli/migrate-to-postgres.ts',
  // pool.ts starts `new URL('./worker-boot.mjs', import.meta.url)`: in the build that is the renderer itself.
  'worker-boot': 'modules/statements/render/worker.ts',
  // document-file.ts starts `new URL('./heic-worker.mjs', import.meta.url)`.
  'heic-worker': 'storage/heic-worker.mjs',
  // parse-off-thread.ts starts `new URL('./sanctions-parser-boot.mjs', import.meta.url)`.
  'sanctions-parser-boot': 'modules/sanctions-lists/parser-worker.ts',
  // matcher-thread.ts starts `new URL('./matcher-boot.mjs', import.meta.url)`.
  'matcher-boot': 'modules/screening/matcher-worker.ts',
};

const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** npm packages the compiled server may load: the runtime dependencies of the server and of the packages it bundles. */
export function runtimeDependencies() {
  const names = new Set();
  for (const ws of ['apps/server', 'packages/core', 'packages/contracts']) {
    for (const name of Object.keys(readJson(`${ws}/package.json`).dependencies ?? {})) names.add(name);
  }
  return names;
}

/** Every development-only package of the repository (root and workspaces). */
export function devDependencies() {
  const names = new Set();
  for (const ws of ['.', 'apps/server', 'apps/web', 'packages/core', 'packages/contracts']) {
    for (const name of Object.keys(readJson(`${ws}/package.json`).devDependencies ?? {})) names.add(name);
  }
  return names;
}

const BUILTINS = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`; a Node built-in → null. */
export function packageOf(specifier) {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The packages a build's output imports that a production install (`npm prune --omit=dev`) would
 * not have: each with the output file importing it. Empty when the build is sound.
 */
export function missingAtRuntime(metafile) {
  const allowed = runtimeDependencies();
  const dev = devDependencies();
  const missing = [];
  for (const [file, output] of Object.entries(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external) continue;
      const name = packageOf(imported.path);
      if (name === null) continue;
      if (!allowed.has(name)) missing.push({ file, name });
    }
  }
  return missing;
}

/** Bundles our own code (relative imports and the @comptoir workspaces); leaves every npm package to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@comptoir/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Builds into `outdir` (default apps/server/dist) and returns esbuild's metafile. */
export async function buildServer(outdir = join(root, 'apps/server/dist')) {
  const started = performance.now();
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.entries(ENTRIES).map(([out, src]) => ({ in: join(server, src), out })),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: true,
    // Keeps class and function names as written: errors and logs name them.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  const missing = missingAtRuntime(result.metafile);
  if (missing.length > 0) {
    const lines = missing.map((m) => `  ${m.name} (imported by ${relative(root, m.file)})`);
    throw new Error(
      `The compiled server imports packages a production install does not have:\n${lines.join('\n')}\n` +
        'Add them to "dependencies" of apps/server/package.json (or of the package that uses them).',
    );
  }
  cpSync(join(server, 'db/migrations'), join(outdir, 'migrations'), { recursive: true });
  cpSync(join(server, 'db/functions'), join(outdir, 'functions'), { recursive: true });
  // The fictional sanctions lists the sandbox loads (modules/sanctions-lists/sandbox-list-service.ts).
  cpSync(join(server, 'modules/sanctions-lists/synthetic'), join(outdir, 'synthetic'), { recursive: true });
  writeFileSync(
    join(outdir, 'build.json'),
    `${JSON.stringify({ builtAt: new Date().toISOString(), entries: Object.keys(ENTRIES) }, null, 2)}\n`,
  );
  const ms = Math.round(performance.now() - started);
  return { metafile: result.metafile, ms };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const outdir = values.outdir ? resolve(values.outdir) : undefined;
  const { ms } = await buildServer(outdir);
  console.log(`Server compiled into ${relative(root, outdir ?? join(root, 'apps/server/dist'))} in ${ms} ms`);
}
