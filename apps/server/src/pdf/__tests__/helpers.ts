import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What poppler's own tools (pdftotext, pdfinfo, pdffonts: Debian's poppler-utils, installed by
 * .ci/run) read in a PDF, as a person's reader would. Test code only.
 */

function withFile<T>(bytes: Uint8Array, read: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'comptoir-pdf-'));
  try {
    const path = join(dir, 'document.pdf');
    writeFileSync(path, bytes);
    return read(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = (tool: string, args: string[]): string =>
  execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** Each page's text lines (pdftotext, reading order), empty lines dropped. */
export function pdfPages(bytes: Uint8Array): string[][] {
  const text = withFile(bytes, (path) => run('pdftotext', ['-enc', 'UTF-8', path, '-']));
  const pages = text.split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages.map((page) =>
    page
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

/** pdfinfo's fields (`Title`, `Tagged`, `Pages`, `Page size`, `CreationDate` in ISO form…). */
export function pdfInfo(bytes: Uint8Array): Record<string, string> {
  const text = withFile(bytes, (path) => run('pdfinfo', ['-isodates', path]));
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!.trim()]),
  );
}

/** The size in points of every page (pdfinfo -f 1 -l n). */
export function pdfPageSizes(bytes: Uint8Array): { width: number; height: number }[] {
  const text = withFile(bytes, (path) => run('pdfinfo', ['-f', '1', '-l', '100000', path]));
  return [...text.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
}

/** pdffonts' table: every font the PDF uses, and whether it is embedded. */
export function pdfFonts(bytes: Uint8Array): { name: string; embedded: boolean }[] {
  const text = withFile(bytes, (path) => run('pdffonts', [path]));
  return text
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      // name type… encoding emb sub uni object-id generation: `emb` is the 5th column from the end.
      return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
    });
}

/** Every word with its box (pdftotext -bbox), in points from the top-left corner of its page. */
export function pdfWords(bytes: Uint8Array): { page: number; word: string; xMin: number; xMax: number }[] {
  const html = withFile(bytes, (path) => run('pdftotext', ['-bbox', path, '-']));
  const words: { page: number; word: string; xMin: number; xMax: number }[] = [];
  let page = 0;
  for (const m of html.matchAll(
    /<page [^>]*>|<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g,
  )) {
    if (m[0].startsWith('<page')) page++;
    else words.push({ page, word: m[3]!, xMin: Number(m[1]), xMax: Number(m[2]) });
  }
  return words;
}
