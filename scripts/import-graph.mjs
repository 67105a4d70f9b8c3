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
//                     tests and test scaffolding may also use modules/B/__tests__/testing.ts, and
//                     app.ts modules/B/routes.ts and modules/B/*-routes.ts (it registers the routes);
//                     the browser tests of e2e/ are held to the same faces as the server's tests
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

/** The browser tests' folder, as a path relative to apps/server/src ('../../../e2e/'). */
const e2eDir = join(repo, 'e2e');
const e2ePrefix = `${relative(serverSrc, e2eDir).split(sep).join('/')}/`;

/** A browser test or one of its page helpers (e2e/), given relative to apps/server/src. */
export const isBrowserTest = (relPath) => relPath.startsWith(e2ePrefix);

/**
 * Tests and test scaffolding: *.test.ts files, the shared helpers of testing/, each folder's
 * __tests__/ (a module's own helpers and its __tests__/testing.ts face) and the browser tests.
 */
export const isTestFile = (relPath) =>
  /\.test\.ts$/.test(relPath) ||
  /(^|\/)__tests__\//.test(relPath) ||
  relPath.startsWith('testing/') ||
  isBrowserTest(relPath);

/** The unit a file belongs to: modules/<m>, a top-level folder, or the root file itself. */
export function unitOf(relPath) {
  const parts = relPath.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : relPath;
}

/** A module's HTTP layer: its routes.ts or a *-routes.ts beside it. */
export const isRoutesFile = (name) => name === 'routes.ts' || name.endsWith('-routes.ts');

/**
 * True when an import from `fromRel` into `toRel` enters another module other than by its face:
 * index.ts, or for tests and test scaffolding also __tests__/testing.ts. The face holds use cases
 * only, so app.ts, the one file that registers routes, takes each module's routes files directly.
 */
export function isDeepImport(fromRel, toRel) {
  const to = toRel.split('/');
  if (to[0] !== 'modules' || to.length < 3) return false;
  if (unitOf(fromRel) === unitOf(toRel)) return false;
  if (to.length === 3 && to[2] === 'index.ts') return false;
  if (to.length === 3 && fromRel === 'app.ts' && isRoutesFile(to[2])) return false;
  const testFace = to.length === 4 && to[2] === '__tests__' && to[3] === 'testing.ts';
  return !(testFace && isTestFile(fromRel));
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

/**
 * The browser tests' imports that enter a server module other than by its face: pairs of an e2e/
 * file (relative to the repository) and a server file (relative to apps/server/src). Read whatever
 * --root says: the browser tests always drive this repository's server.
 */
export function e2eDeepImports() {
  const deep = [];
  for (const file of listTs(e2eDir)) {
    for (const spec of importSpecifiers(readFileSync(file, 'utf8')).keys()) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(serverSrc + sep)) continue;
      const to = rel(target);
      if (isDeepImport(rel(file), to)) deep.push([relative(repo, file).split(sep).join('/'), to]);
    }
  }
  return deep;
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

/**
 * The floors of the server, from the bottom: the kernel (every folder and root file that is not one
 * of the others: db, ledger, crypto, http, events, storage, mail, config, clock…), the features
 * (modules/<m>), the wiring and the commands that put features together (app.ts, server.ts, main.ts,
 * wiring.ts, jobs.ts, cli/, seed/, key-rotation/, backup/, move-to-postgres/), and what does not
 * ship: test scaffolding (testing/, __tests__/) and the benchmarks
 * (bench/, which reuse the scaffolding's scratch databases). A file may import its own floor or one
 * below, never one above.
 */
export const FLOORS = ['kernel', 'features', 'wiring', 'tests'];

/**
 * The longest import chain the structure may have, in files. A face that re-exports a heavy file,
 * a helper borrowed from a feature, or a shared type kept in a service lengthens every chain
 * through it; twelve is what the layers need (main → server → app → routes → service → another
 * module's face → its service → the ledger's face → … → errors.ts).
 */
export const MAX_DEPTH = 12;
const WIRING = new Set([
  'app.ts',
  'server.ts',
  'main.ts',
  'wiring.ts',
  'jobs.ts',
  'cli',
  'seed',
  'key-rotation',
  'backup',
  'move-to-postgres',
]);

export function floorOf(relPath) {
  if (isTestFile(relPath) || relPath.startsWith('bench/')) return 'tests';
  const unit = unitOf(relPath);
  if (unit.startsWith('modules/')) return 'features';
  return WIRING.has(unit) ? 'wiring' : 'kernel';
}

/** The graph the structure is judged on: every file but the tests themselves, type-only imports included. */
export function structureGraph(graph) {
  const isSpec = (f) => /\.test\.ts$/.test(f);
  return new Map(
    [...graph].filter(([f]) => !isSpec(f)).map(([f, targets]) => [f, targets.filter((t) => !isSpec(t))]),
  );
}

/**
 * Figures of the structure: module-to-module edges, the floors among features (the longest chain
 * of modules importing modules, counted in modules), imports running up a floor, file cycles and
 * the depth in files (each strongly connected group of files counting as one), all with type-only
 * imports and test scaffolding included.
 */
export function measureStructure(graph) {
  const units = unitGraph(graph);
  const moduleEdges = [];
  for (const [from, targets] of units) {
    if (!from.startsWith('modules/')) continue;
    for (const to of targets) if (to.startsWith('modules/')) moduleEdges.push([from, to]);
  }
  const modules = new Map(
    [...units]
      .filter(([u]) => u.startsWith('modules/'))
      .map(([u, t]) => [u, t.filter((x) => x.startsWith('modules/'))]),
  );
  const up = [];
  for (const [from, targets] of graph) {
    for (const to of targets)
      if (FLOORS.indexOf(floorOf(to)) > FLOORS.indexOf(floorOf(from))) up.push([from, to]);
  }
  return {
    files: graph.size,
    moduleEdges,
    featureFloors: modules.size > 0 ? longestChain(modules) : 0,
    up,
    fileCycles: components(graph).filter((group) => group.length > 1),
    depth: longestChain(graph),
    chain: longestPath(graph),
  };
}

/** One longest import chain, as files (a strongly connected group shown by its first file). */
function longestPath(graph) {
  const groups = components(graph);
  const groupOf = new Map();
  groups.forEach((g, i) => g.forEach((f) => groupOf.set(f, i)));
  const depth = new Array(groups.length).fill(1);
  const next = new Array(groups.length).fill(-1);
  groups.forEach((g, i) => {
    for (const f of g) {
      for (const to of graph.get(f) ?? []) {
        const j = groupOf.get(to);
        if (j !== i && depth[j] + 1 > depth[i]) {
          depth[i] = depth[j] + 1;
          next[i] = j;
        }
      }
    }
  });
  let at = depth.indexOf(Math.max(0, ...depth));
  const out = [];
  while (at >= 0) {
    out.push(
      groups[at].length > 1 ? `${groups[at][0]} (+${groups[at].length - 1} in a cycle)` : groups[at][0],
    );
    at = next[at];
  }
  return out;
}

function reportStructure(name, m, verbose) {
  const lines = [
    name,
    `  files                 ${m.files}`,
    `  module→module edges   ${m.moduleEdges.length}`,
    `  floors among features ${m.featureFloors}`,
    `  imports up a floor    ${m.up.length}`,
    `  file cycles           ${m.fileCycles.length}`,
    `  depth                 ${m.depth}`,
    `  longest chain         ${m.chain.join(' → ')}`,
  ];
  if (verbose) {
    for (const [from, to] of m.moduleEdges) lines.push(`    edge: ${from} → ${to}`);
    for (const [from, to] of m.up) lines.push(`    up: ${from} (${floorOf(from)}) → ${to} (${floorOf(to)})`);
    for (const group of m.fileCycles) lines.push(`    cycle: ${group.join(', ')}`);
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
  const structure = measureStructure(structureGraph(all));
  console.log(
    reportStructure(
      'apps/server/src, structure (type-only imports and test scaffolding included, *.test.ts left out)',
      structure,
      verbose,
    ),
  );
  const e2eDeep = e2eDeepImports();
  const e2eLines = ['e2e/, browser tests into the server', `  deep imports     ${e2eDeep.length}`];
  if (verbose) for (const [from, to] of e2eDeep) e2eLines.push(`    deep: ${from} → ${to}`);
  console.log(e2eLines.join('\n'));
  if (process.argv.includes('--check') && (prod.cycles.length > 0 || prod.deep.length > 0)) {
    console.error('import-graph: module cycles or deep imports in production code');
    process.exit(1);
  }
  if (process.argv.includes('--check') && (structure.up.length > 0 || structure.fileCycles.length > 0)) {
    console.error('import-graph: an import up a floor or a file cycle (run with --verbose)');
    process.exit(1);
  }
  if (process.argv.includes('--check') && structure.depth > MAX_DEPTH) {
    console.error(`import-graph: an import chain of ${structure.depth} files (at most ${MAX_DEPTH})`);
    process.exit(1);
  }
  if (process.argv.includes('--check') && e2eDeep.length > 0) {
    console.error('import-graph: deep imports from the browser tests');
    process.exit(1);
  }
}
