import { ERROR_CODES } from './problem.ts';
import * as routeGroups from './routes/index.ts';
import type { RouteDefinition } from './routes/define-route.ts';

const isRoute = (value: unknown): value is RouteDefinition =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

const HEADER = [
  '// Written by `npm run generate:client-table` from the route table and the error catalogue',
  '// (packages/contracts/src/client-table.ts): do not edit.',
];

/** A route's `auth` as TypeScript source: `'customer'`, `{ operator: ['admin', 'compliance'] }`. */
const authText = (auth: RouteDefinition['auth']): string =>
  typeof auth === 'string'
    ? `'${auth}'`
    : `{ ${Object.entries(auth)
        .map(([kind, roles]) => `${kind}: [${(roles as readonly string[]).map((r) => `'${r}'`).join(', ')}]`)
        .join(', ')} }`;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * `@comptoir/contracts/client`: the route table and the error codes as a client calls them, without
 * a schema or a French text — each area's routes by the same name, each route its method, path and
 * who may call it,
 * typed by its whole definition; one module per area, so that a bundle carries the areas it calls.
 * The web's first screens bundle this rather than zod and every schema (a few KB instead of tens).
 * Written from the table itself (file name → text, under `src/client/`): `npm run
 * generate:client-table` writes it, `client-table.test.ts` fails when it is out of date.
 */
export function renderClientTable(): Map<string, string> {
  const files = new Map<string, string>();
  const groups = Object.entries(routeGroups)
    .filter(([name, group]) => name.endsWith('Routes') && typeof group === 'object' && group !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  const index = [...HEADER];
  for (const [name, group] of groups) {
    const file = `${kebab(name.replace(/Routes$/, ''))}.ts`;
    const lines = [
      ...HEADER,
      "import type * as contract from '../index.ts';",
      "import type { RouteRefs } from '../routes/paths.ts';",
      '',
      `export const ${name} = {`,
    ];
    for (const [key, route] of Object.entries(group as object)) {
      if (!isRoute(route)) throw new Error(`${name}.${key} is not a route`);
      lines.push(
        `  ${key}: { method: '${route.method}', path: '${route.path}', auth: ${authText(route.auth)} },`,
      );
    }
    lines.push(`} as unknown as RouteRefs<typeof contract.${name}>;`, '');
    files.set(file, lines.join('\n'));
    index.push(`export { ${name} } from './${file}';`);
  }
  const codes = [
    ...HEADER,
    "import type * as contract from '../index.ts';",
    '',
    '/** Every code a problem answer may carry, catalogue order. */',
    'export const ERROR_CODES = [',
    ...ERROR_CODES.map((code) => `  '${code}',`),
    '] as unknown as typeof contract.ERROR_CODES;',
    '',
  ];
  files.set('error-codes.ts', codes.join('\n'));
  index.push("export { ERROR_CODES } from './error-codes.ts';", '');
  files.set('index.ts', index.join('\n'));
  return files;
}
