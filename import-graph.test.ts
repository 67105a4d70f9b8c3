import { describe, expect, it } from 'vitest';
import {
  MAX_DEPTH,
  floorOf,
  measureStructure,
  production,
  readGraph,
  structureGraph,
  measure,
} from './scripts/import-graph.mjs';

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('the server import graph (scripts/import-graph.mjs)', () => {
  const all = readGraph();
  const structure = measureStructure(structureGraph(all));

  it('has no deep import and no module cycle in production code', () => {
    const prod = measure(production(all), production(readGraph(undefined, { runtime: true })));
    expect(prod.deep).toEqual([]);
    expect(prod.cycles).toEqual([]);
  });

  it('has no import running up a floor, type-only imports and test scaffolding included', () => {
    expect(structure.up).toEqual([]);
  });

  it('has no file cycle, type-only imports and test scaffolding included', () => {
    expect(structure.fileCycles).toEqual([]);
  });

  it(`keeps its longest import chain within ${MAX_DEPTH} files`, () => {
    expect(structure.chain.length).toBe(structure.depth);
    expect(structure.depth).toBeLessThanOrEqual(MAX_DEPTH);
  });
});

describe('the structure measures', () => {
  it('puts each file on its floor: kernel, features, wiring, tests and benchmarks', () => {
    expect(floorOf('ledger/post.ts')).toBe('kernel');
    expect(floorOf('events/index.ts')).toBe('kernel');
    expect(floorOf('modules/cards/rules.ts')).toBe('features');
    expect(floorOf('app.ts')).toBe('wiring');
    expect(floorOf('cli/backup.ts')).toBe('wiring');
    expect(floorOf('modules/cards/__tests__/helpers.ts')).toBe('tests');
    expect(floorOf('testing/test-context.ts')).toBe('tests');
    expect(floorOf('bench/cards-bench.ts')).toBe('tests');
  });

  it('finds a kernel file importing a feature, even for a type', () => {
    const m = measureStructure(
      graphOf({ 'http/guard.ts': ['modules/auth/index.ts'], 'modules/auth/index.ts': [] }),
    );
    expect(m.up).toEqual([['http/guard.ts', 'modules/auth/index.ts']]);
  });

  it('finds a file cycle and counts it once in the depth', () => {
    const m = measureStructure(
      graphOf({ 'mail/a.ts': ['mail/b.ts'], 'mail/b.ts': ['mail/a.ts', 'db/types.ts'], 'db/types.ts': [] }),
    );
    expect(m.fileCycles).toEqual([['mail/a.ts', 'mail/b.ts']]);
    expect(m.depth).toBe(2);
  });

  it('counts module-to-module edges and the floors among features', () => {
    const m = measureStructure(
      graphOf({
        'modules/a/index.ts': ['modules/b/index.ts', 'modules/c/index.ts'],
        'modules/b/index.ts': ['modules/c/index.ts'],
        'modules/c/index.ts': ['ledger/index.ts'],
        'ledger/index.ts': [],
      }),
    );
    expect(m.moduleEdges).toHaveLength(3);
    expect(m.featureFloors).toBe(3);
    expect(m.depth).toBe(4);
  });
});
