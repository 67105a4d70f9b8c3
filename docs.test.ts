// The documentation stays a map a newcomer can trust: ARCHITECTURE.md stays short, every file the
// docs name exists, and nothing in the repository cites a document that is not in it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = dirname(fileURLToPath(import.meta.url));
const ARCHITECTURE_LIMIT = 12 * 1024;
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules', 'dist', 'data']);

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_FOLDERS.has(entry.name)) return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(ROOT, path)];
  });
}

/** The repository's files (git's list when there is one; otherwise the working tree). */
function repositoryFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((path) => path !== '' && existsSync(join(ROOT, path)));
  } catch {
    return walk(ROOT);
  }
}

const FILES = repositoryFiles();
const PATHS = new Set(
  FILES.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))),
);
const DOCS = ['ARCHITECTURE.md', 'README.md', ...FILES.filter((file) => /^docs\/.*\.md$/.test(file))];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchors(file: string): Set<string> {
  const text = read(file).replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1] ?? '')));
}

/** Why `target#anchor` (relative to the repository root) does not resolve, or null when it does. */
function brokenTarget(target: string, anchor: string | undefined): string | null {
  const path = target.replace(/\/$/, '');
  if (!PATHS.has(path)) return 'no such file';
  if (anchor && path.endsWith('.md') && !anchors(path).has(anchor)) return `no heading #${anchor}`;
  return null;
}

/** A backticked word that names a file or folder of the repository (not a URL, route or package). */
function looksLikePath(token: string): boolean {
  if (/[\s<>*{}…$:=@+]/.test(token) || token.startsWith('/') || token.startsWith('.')) return false;
  if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(token)) return false;
  return token.includes('/') || /\.(ts|tsx|mjs|js|md|sql|json|css)$/.test(token);
}

/** Backticked paths may be written from the root or shortened to their last folders (`ledger/post.ts`). */
const pathExists = (token: string) => {
  const path = token.replace(/\/$/, '');
  return PATHS.has(path) || [...PATHS].some((known) => known.endsWith(`/${path}`));
};

describe('documentation', () => {
  it(`keeps ARCHITECTURE.md within ${ARCHITECTURE_LIMIT} bytes`, () => {
    expect(Buffer.byteLength(read('ARCHITECTURE.md'))).toBeLessThanOrEqual(ARCHITECTURE_LIMIT);
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      for (const [, link = ''] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(link) || link.startsWith('#')) continue;
        const [target = '', anchor] = link.split('#');
        const path = relative(ROOT, resolve(ROOT, dirname(file), target));
        const why = brokenTarget(path, anchor);
        if (why) broken.push(`${file}: (${link}) ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names in backticks only paths that exist', () => {
    const missing: string[] = [];
    for (const file of DOCS) {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      for (const [, token = ''] of text.matchAll(/`([^`\n]+)`/g)) {
        if (looksLikePath(token) && !pathExists(token)) missing.push(`${file}: ${token}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cites, anywhere in the repository, only documentation that is in it', () => {
    const outside = /\b(?:SPEC|DESIGN)(?: ?§|\.md\b)|ARCHITECTURE\.md ?§/;
    const docsPath = /\bdocs\/[\w/-]+\.md(?:#[\w-]+)?/g;
    const wrong: string[] = [];
    for (const file of FILES) {
      if (statSync(join(ROOT, file)).size > 1_000_000 || /\.(png|jpg|ico|woff2?|ttf|pdf|gz|br)$/.test(file))
        continue;
      const text = read(file);
      if (outside.test(text)) wrong.push(`${file}: cites a document outside the repository`);
      for (const [citation] of text.matchAll(docsPath)) {
        const [target = '', anchor] = citation.split('#');
        const why = brokenTarget(target, anchor);
        if (why) wrong.push(`${file}: ${citation} ${why}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
