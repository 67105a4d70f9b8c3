// Builds apps/web/dist when it is missing or older than any web or shared source file.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const output = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/marketing.html',
  'scripts/prerender-marketing.ts',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/core/src',
  'packages/contracts/src',
];

// Unit tests are not part of the build: changing one does not make the built app stale.
const TEST_FILE = /\.test\.tsx?$/;

function newest(path) {
  if (!existsSync(path) || TEST_FILE.test(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function buildWebIfStale() {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newest(join(root, s))));
  if (built > changed) return false;
  // A production install (`npm prune --omit=dev`) has no vite: it serves the app `npm run build` made.
  if (!existsSync(join(root, 'node_modules/vite/package.json'))) {
    if (built > 0) {
      console.warn(
        'warning: apps/web/dist is older than its sources and vite is not installed: serving it as built.',
      );
      return false;
    }
    throw new Error(
      'The web app is not built and vite is not installed: run `npm run build` before pruning.',
    );
  }
  console.log('Building the web app…');
  execSync('npm run build -w apps/web --silent', { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
