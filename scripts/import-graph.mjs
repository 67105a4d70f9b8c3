#!/usr/bin/env node
// The server's import graph, measured: `node scripts/import-graph.mjs [--check]`.
//
// Reads every .ts file under apps/server/src (or --root <dir>), finds its relative imports
// (`import … from`, `export … from`, `import '…'`, `import('…')`) with a regular expression,
// resolves them to files, and prints, for production code (tests and test scaffolding left out) and
// for everything:
//   files             .ts files in the scope
//   arrows            distinct file → file imports, type-only ones included
//   deep imports      imports into modules/B/<anything but index.ts> from outside modules/B (another
//                     module, or app wiring: app.ts, server.ts, jobs.ts, cli/, seed/, bench/, …);
//                     tests and test scaffolding may also use modules/B/testing.ts
// The last four count only the imports that run: `import type` / `export type` are erased by the
// compiler (verbatimModuleSyntax), so they cannot make modules load each other.
//   module cycles     cycles between units: modules/<m>, each other top-level folder, and each root
//                     file by itself; listed as strongly connected groups with one cycle each
//   depth             number of files on the longest import chain, counted on the condensation
//                     (each strongly connected group of files counts as one level)
//   arrows back up    file arrows that close a module cycle: an arrow from unit A into unit B when
//                     B, through its own imports, reaches A again
//   file back arrows  arrows that close a file cycle: the back edges of a depth-first walk that
//                     starts from files in path order and follows imports in path order
// With --check it exits 1 when production code has a module cycle or a deep import.
// Also imported by eslint.config.js, which refuses module cycles with the same graph.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const serverSrc = join(repo, 'apps', 'server', 'src');

const importPatterns = [
  /(?:^|[\s;}])(?:import|export)\s+(type\s+)?[^;'"]*?\sfrom\s*['"]([^'"]+)['"]/g,
  /(?:^|[\s;])import()\s*['"]([^'"]+)['"]/g,
  /import()\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function listTs(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listTs(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/**
 * Relative specifiers imported by a piece of TypeScript source: specifier → true when every
 * statement importing it is `import type` / `export type` (erased when the code runs).
 */
export function importSpecifiers(source) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Map();
  for (const pattern of importPatterns) {
    for (const match of text.matchAll(pattern)) {
      if (match[2].startsWith('.')) found.set(match[2], (found.get(match[2]) ?? true) && Boolean(match[1]));
    }
  }
  return found;
}

/** Path relative to apps/server/src, with forward slashes. */
export const rel = (path) => relative(serverSrc, path).split(sep).join('/');

export const isTestFile = (relPath) =>
  /\.test\.ts$/.test(relPath) ||
  /(^|\/|-)test-helpers\.ts$/.test(relPath) ||
  /(^|\/)testing\.ts$/.test(relPath) ||
  relPath.startsWith('testing/');

/** The unit a file belongs to: modules/<m>, a top-level folder, or the root file itself. */
export function unitOf(relPath) {
  const parts = relPath.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : relPath;
}

/**
 * True when an import from `fromRel` into `toRel` enters another module other than by its face:
 * index.ts, or for tests and test scaffolding also testing.ts.
 */
export function isDeepImport(fromRel, toRel) {
  const to = toRel.split('/');
  if (to[0] !== 'modules' || to.length < 3) return false;
  if (unitOf(fromRel) === unitOf(toRel)) return false;
  if (to.length === 3 && to[2] === 'index.ts') return false;
  return !(to.length === 3 && to[2] === 'testing.ts' && isTestFile(fromRel));
}

/**
 * Every file of apps/server/src with the files it imports (paths relative to apps/server/src); with
 * `runtime`, only the imports that survive compilation (`import type` left out).
 */
export function readGraph(root = serverSrc, { runtime = false } = {}) {
  const graph = new Map();
  for (const file of listTs(root)) {
    const targets = new Set();
    for (const [spec, typeOnly] of importSpecifiers(readFileSync(file, 'utf8'))) {
      if (runtime && typeOnly) continue;
      const target = resolve(dirname(file), spec);
      if (target.startsWith(root + sep) && target.endsWith('.ts') && existsSync(target)) {
        targets.add(relative(root, target).split(sep).join('/'));
      }
    }
    graph.set(relative(root, file).split(sep).join('/'), [...targets].sort());
  }
  return graph;
}

/** Strongly connected components (Tarjan, iterative), in reverse topological order. */
export function components(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1]++;
        const to = next[i];
        if (!idx.has(to)) {
          idx.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) {
          low.set(node, Math.min(low.get(node), idx.get(to)));
        }
      } else {
        work.pop();
        if (work.length > 0) {
          const parent = work[work.length - 1][0];
          low.set(parent, Math.min(low.get(parent), low.get(node)));
        }
        if (low.get(node) === idx.get(node)) {
          const group = [];
          let member;
          do {
            member = stack.pop();
            onStack.delete(member);
            group.push(member);
          } while (member !== node);
          out.push(group.sort());
        }
      }
    }
  }
  return out;
}

/** Units grouped from the file graph: unit → units it imports. */
export function unitGraph(graph) {
  const units = new Map();
  for (const [from, targets] of graph) {
    const u = unitOf(from);
    if (!units.has(u)) units.set(u, new Set());
    for (const to of targets) if (unitOf(to) !== u) units.get(u).add(unitOf(to));
  }
  return new Map([...units].sort().map(([u, set]) => [u, [...set].sort()]));
}

/** One shortest cycle through `start` inside `members` (breadth-first). */
function shortestCycle(graph, start, members) {
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (prev.get(path[0]) !== null) path.unshift(prev.get(path[0]));
        return [...path, start];
      }
      if (!prev.has(to)) {
        prev.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** Module cycles: each strongly connected group of units, with one shortest cycle through its first unit. */
export function moduleCycles(graph) {
  const units = unitGraph(graph);
  return components(units)
    .filter((group) => group.length > 1)
    .map((group) => ({ units: group, example: shortestCycle(units, group[0], new Set(group)) }));
}

function longestChain(graph) {
  const groups = components(graph); // reverse topological: dependencies first
  const groupOf = new Map();
  groups.forEach((g, i) => g.forEach((f) => groupOf.set(f, i)));
  const depth = new Array(groups.length).fill(1);
  groups.forEach((g, i) => {
    for (const f of g) {
      for (const to of graph.get(f) ?? []) {
        const j = groupOf.get(to);
        if (j !== i) depth[i] = Math.max(depth[i], depth[j] + 1);
      }
    }
  });
  return Math.max(0, ...depth);
}

function closingArrows(graph) {
  const units = unitGraph(graph);
  const reaches = (from, to) => {
    const seen = new Set([from]);
    const queue = [from];
    while (queue.length > 0) {
      const unit = queue.shift();
      if (unit === to) return true;
      for (const next of units.get(unit) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return false;
  };
  const out = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (unitOf(from) !== unitOf(to) && reaches(unitOf(to), unitOf(from))) out.push([from, to]);
    }
  }
  return out;
}

function backArrows(graph) {
  const state = new Map(); // 1 on the walk's path, 2 done
  const back = [];
  for (const start of graph.keys()) {
    if (state.has(start)) continue;
    const work = [[start, 0]];
    state.set(start, 1);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const next = graph.get(frame[0]) ?? [];
      if (frame[1] < next.length) {
        const to = next[frame[1]++];
        if (!state.has(to)) {
          state.set(to, 1);
          work.push([to, 0]);
        } else if (state.get(to) === 1) back.push([frame[0], to]);
      } else {
        state.set(frame[0], 2);
        work.pop();
      }
    }
  }
  return back;
}

/** Figures for one scope: arrows and deep imports from `graph`, the rest from its `runtime` part. */
export function measure(graph, runtime = graph) {
  let arrows = 0;
  const deep = [];
  for (const [from, targets] of graph) {
    arrows += targets.length;
    for (const to of targets) if (isDeepImport(from, to)) deep.push([from, to]);
  }
  return {
    files: graph.size,
    arrows,
    deep,
    cycles: moduleCycles(runtime),
    depth: longestChain(runtime),
    back: closingArrows(runtime),
    fileBack: backArrows(runtime),
  };
}

/** The graph restricted to production files (no tests, no test scaffolding). */
export function production(graph) {
  return new Map(
    [...graph]
      .filter(([f]) => !isTestFile(f))
      .map(([f, targets]) => [f, targets.filter((t) => !isTestFile(t))]),
  );
}

function report(name, m, verbose, short = false) {
  if (short) {
    const lines = [
      `${name}`,
      `  files            ${m.files}`,
      `  arrows           ${m.arrows}`,
      `  deep imports     ${m.deep.length} (into a *queries.ts: ${m.deep.filter(([, to]) => /queries\.ts$/.test(to)).length})`,
    ];
    if (verbose) for (const [from, to] of m.deep) lines.push(`    deep: ${from} → ${to}`);
    return lines.join('\n');
  }
  const lines = [
    `${name}`,
    `  files            ${m.files}`,
    `  arrows           ${m.arrows}`,
    `  deep imports     ${m.deep.length} (into a *queries.ts: ${m.deep.filter(([, to]) => /queries\.ts$/.test(to)).length})`,
    `  module cycles    ${m.cycles.length}`,
  ];
  for (const c of m.cycles) lines.push(`    {${c.units.join(', ')}}  e.g. ${c.example.join(' → ')}`);
  lines.push(
    `  depth            ${m.depth}`,
    `  arrows back up   ${m.back.length}`,
    `  file back arrows ${m.fileBack.length}`,
  );
  if (verbose) {
    for (const [from, to] of m.deep) lines.push(`    deep: ${from} → ${to}`);
    for (const [from, to] of m.back) lines.push(`    back up: ${from} → ${to}`);
    for (const [from, to] of m.fileBack) lines.push(`    file back: ${from} → ${to}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const verbose = process.argv.includes('--verbose');
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 ? resolve(process.argv[rootArg + 1]) : serverSrc;
  const all = readGraph(root);
  const prod = measure(production(all), production(readGraph(root, { runtime: true })));
  console.log(report('apps/server/src, production code', prod, verbose));
  console.log(
    report(
      'apps/server/src, with tests (cycles left out: tests import the app)',
      measure(all),
      verbose,
      true,
    ),
  );
  if (process.argv.includes('--check') && (prod.cycles.length > 0 || prod.deep.length > 0)) {
    console.error('import-graph: module cycles or deep imports in production code');
    process.exit(1);
  }
}
