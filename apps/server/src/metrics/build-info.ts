import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import serverPackage from '../../package.json' with { type: 'json' };
import { buildInfo } from './registry.ts';

/** The `.git` folder of the checkout this code runs from (src/ or dist/, a few levels down), if any. */
function gitFolder(): string | null {
  let dir = import.meta.dirname;
  for (let level = 0; level < 5; level++) {
    if (existsSync(join(dir, '.git', 'HEAD'))) return join(dir, '.git');
    dir = dirname(dir);
  }
  return null;
}

/**
 * The commit of a git checkout (its HEAD, a branch's loose or packed ref), or null when there is
 * none (an image, a tarball).
 */
export function checkoutCommit(git = gitFolder()): string | null {
  if (!git) return null;
  try {
    const head = readFileSync(join(git, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (\S+)$/.exec(head)?.[1];
    if (!ref) return /^[0-9a-f]{40}$/.test(head) ? head : null;
    try {
      return readFileSync(join(git, ref), 'utf8').trim();
    } catch {
      const packed = readFileSync(join(git, 'packed-refs'), 'utf8');
      return (
        packed
          .split('\n')
          .find((line) => line.endsWith(` ${ref}`))
          ?.split(' ')[0] ?? null
      );
    }
  } catch {
    return null;
  }
}

/**
 * `comptoir_build_info{version, node_version, commit} 1`: the server's version (apps/server's
 * package.json), Node.js's, and the commit — COMPTOIR_COMMIT, else the checkout's HEAD, else `unknown`.
 */
export function recordBuildInfo(commit: string | undefined): void {
  buildInfo.reset();
  buildInfo.set(
    {
      version: serverPackage.version,
      node_version: process.versions.node,
      commit: commit ?? checkoutCommit() ?? 'unknown',
    },
    1,
  );
}
