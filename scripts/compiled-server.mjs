// Which server `npm start` and the operators' commands run: the compiled one (apps/server/dist,
// `npm run build`) when it is there and newer than every server source, else the TypeScript source
// through tsx — today's `npm install && npm start`. Imports nothing outside Node: it runs in a
// production install, where tsx, esbuild and vite are gone.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const DIST = join(root, 'apps/server/dist');
const SOURCES = ['apps/server/src', 'packages/core/src', 'packages/contracts/src'];
// Unit tests are not part of the build: changing one does not make the compiled server stale.
const TEST_FILE = /\.test\.tsx?$/;

function newest(path) {
  if (!existsSync(path) || TEST_FILE.test(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function tsxInstalled() {
  return existsSync(join(root, 'node_modules/tsx/package.json'));
}

/**
 * How to run `entry` (`main`, `ledger-verify`, `operator-create`): node's arguments, and why.
 * `source` is the TypeScript file under apps/server/src.
 */
export function serverCommand(entry, source) {
  const stamp = join(DIST, 'build.json');
  const compiled = join(DIST, `${entry}.mjs`);
  const built = existsSync(stamp) && existsSync(compiled) ? statSync(stamp).mtimeMs : 0;
  const fresh = built > 0 && built > Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (fresh) return { args: ['--enable-source-maps', compiled], compiled: true };
  if (tsxInstalled())
    return { args: ['--import', 'tsx', join(root, 'apps/server/src', source)], compiled: false };
  if (built > 0) {
    console.warn(
      'warning: apps/server/dist is older than the server sources and tsx is not installed: running the old build (npm run build).',
    );
    return { args: ['--enable-source-maps', compiled], compiled: true };
  }
  throw new Error('No compiled server (apps/server/dist) and no tsx: run `npm run build`, or `npm install`.');
}
