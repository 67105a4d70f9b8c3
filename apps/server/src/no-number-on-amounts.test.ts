import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Identifiers that name money: an amount leaves the server through `toJsonCents`, never `Number(…)`. */
const AMOUNT_LIKE = /amount|balance|cents|debit|credit|spent|goal|money|total|limit|opening|closing/i;

/** Files where a `Number(…)` of an amount-like expression is allowed, and why. None today. */
const ALLOWED = new Set<string>([]);

/** The argument of every `Number(` call in `text`, parentheses balanced, across lines. */
function numberCalls(text: string): string[] {
  const calls: string[] = [];
  const start = /(?<![\w.])Number\(/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    let depth = 1;
    let i = m.index + m[0].length;
    while (i < text.length && depth > 0) {
      if (text[i] === '(') depth += 1;
      else if (text[i] === ')') depth -= 1;
      i += 1;
    }
    calls.push(text.slice(m.index + m[0].length, i - 1));
  }
  return calls;
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path] : [];
  });

describe('amounts are converted in one checked place', () => {
  it('finds a Number(…) of an amount, even over several lines', () => {
    const found = numberCalls('const a = Number(\n  row.cleared_amount ?? row.amount,\n); Number(x);');
    expect(found.filter((arg) => AMOUNT_LIKE.test(arg))).toHaveLength(1);
    expect(numberCalls('Number.isSafeInteger(v); toNumber(amount)')).toEqual([]);
  });

  it('no server code calls Number(…) on an amount (toJsonCents does, range-checked)', () => {
    const offenders = sources(SRC).flatMap((file) => {
      const name = relative(SRC, file);
      if (ALLOWED.has(name)) return [];
      return numberCalls(readFileSync(file, 'utf8'))
        .filter((arg) => AMOUNT_LIKE.test(arg))
        .map((arg) => `${name}: Number(${arg})`);
    });
    expect(offenders).toEqual([]);
  });
});
