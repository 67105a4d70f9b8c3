import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** The entries of a .dockerignore file, each without a trailing `/` or `/**` (comments and blanks dropped). */
function ignored(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.replace(/\/\*\*$|\/$/, ''));
}

// The context of deploy/Dockerfile is the repository's root: without these entries `COPY . .` would
// put the compose secrets and the TLS private key into a layer of the image.
const NEVER_IN_CONTEXT = ['deploy/secrets', 'deploy/tls', 'data', '.git', '**/node_modules'];

describe('the Docker build context', () => {
  // deploy/Dockerfile's own ignore file, and the root's generic one if there is one.
  it.each(
    ['deploy/Dockerfile.dockerignore', '.dockerignore'].filter(
      (file, i) => i === 0 || existsSync(join(root, file)),
    ),
  )('%s leaves out secrets, TLS keys, data and the repository', (file) => {
    const entries = ignored(join(root, file));
    for (const path of NEVER_IN_CONTEXT) expect(entries, path).toContain(path);
  });
});
