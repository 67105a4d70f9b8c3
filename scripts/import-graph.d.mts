// Types of scripts/import-graph.mjs, for the tests that read the graph.
export type Graph = Map<string, string[]>;
export type Arrow = [string, string];
export type Floor = 'kernel' | 'features' | 'wiring' | 'tests';

export const serverSrc: string;
export const FLOORS: readonly Floor[];
export const MAX_DEPTH: number;
export function readGraph(root?: string, options?: { runtime?: boolean }): Graph;
export function production(graph: Graph): Graph;
export function structureGraph(graph: Graph): Graph;
export function floorOf(relPath: string): Floor;
export function isTestFile(relPath: string): boolean;
export function unitOf(relPath: string): string;
export function isDeepImport(fromRel: string, toRel: string): boolean;
export function measure(
  graph: Graph,
  runtime?: Graph,
): {
  files: number;
  arrows: number;
  deep: Arrow[];
  cycles: { units: string[]; example: string[] }[];
  depth: number;
  back: Arrow[];
  fileBack: Arrow[];
};
export function measureStructure(graph: Graph): {
  files: number;
  moduleEdges: Arrow[];
  featureFloors: number;
  up: Arrow[];
  fileCycles: string[][];
  depth: number;
  chain: string[];
};
export function isBrowserTest(relPath: string): boolean;
export function isRoutesFile(name: string): boolean;
export function importSpecifiers(source: string): Map<string, boolean>;
export function rel(path: string): string;
export function e2eDeepImports(): Arrow[];
export function components(graph: Graph): string[][];
export function unitGraph(graph: Graph): Graph;
export function moduleCycles(graph: Graph): { units: string[]; example: string[] }[];
